/** One report group's page (not seen, seen but away, unexpected): paged by the server; CSV from the server's export. */
import { useState } from 'react';
import { usePageLoader } from '../../components/data-table/use-page-loader';
import { toast } from '../../components/ui/Toaster';
import { downloadStockReportCsv, fetchStockReport } from '../../lib/api/stock-verification';
import { saveFile } from '../../lib/download';
import { NOTICES } from '../../lib/notices';
import type { StockReportRow } from '../../lib/schemas/stock-verification';
import { STOCK_MESSAGES, reportFileName, stockErrorMessage, type ReportGroup } from '../../lib/stock-verification';

export function useReportGroup(sessionId: string | number, group: ReportGroup, version: string) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [exporting, setExporting] = useState(false);
  const loader = usePageLoader<StockReportRow>({
    key: `${sessionId}:${group}:${page}:${pageSize}:${version}`,
    load: () => fetchStockReport(sessionId, group, page, pageSize),
    pageNumber: page,
    toFirstPage: () => setPage(1),
    errorMessage: (failure) => stockErrorMessage(failure, STOCK_MESSAGES.reportFailed),
  });

  async function exportCsv() {
    setExporting(true);
    try {
      const { blob, fileName } = await downloadStockReportCsv(sessionId, group);
      const name = fileName ?? reportFileName(sessionId, group);
      saveFile(blob, name);
      toast.success(NOTICES.reportExported(name));
    } catch (failure) {
      toast.error(stockErrorMessage(failure, STOCK_MESSAGES.exportFailed));
    } finally {
      setExporting(false);
    }
  }

  return {
    ...loader,
    paging: {
      page,
      pageSize,
      count: loader.loadError ? 0 : (loader.page?.count ?? 0),
      onPageChange: setPage,
      onPageSizeChange: (size: number) => {
        setPageSize(size);
        setPage(1);
      },
    },
    exporting,
    exportCsv,
  };
}
