/** What the printed report holds: each group's first PRINT_ROWS copies and every shelf, loaded when Print is asked for. */
import { useEffect, useState } from 'react';
import { fetchStockReport, fetchStockShelves } from '../../lib/api/stock-verification';
import type { StockReportPage, StockShelf } from '../../lib/schemas/stock-verification';
import { REPORT_GROUPS, type ReportGroup } from '../../lib/stock-verification';

/** The most copies of one group printed (the server's largest page); the CSV has them all. */
export const PRINT_ROWS = 500;

export interface PrintData {
  groups: Record<ReportGroup, StockReportPage>;
  shelves: StockShelf[];
}

export function usePrintData(sessionId: string | number, request: number): { data: PrintData | null; failed: boolean } {
  const [data, setData] = useState<PrintData | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    setData(null);
    Promise.all([...REPORT_GROUPS.map((group) => fetchStockReport(sessionId, group, 1, PRINT_ROWS)), fetchStockShelves(sessionId)])
      .then(([notSeen, seenAway, unexpected, shelves]) => {
        if (!current) return;
        setData({ groups: { not_seen: notSeen as StockReportPage, seen_away: seenAway as StockReportPage, unexpected: unexpected as StockReportPage }, shelves: shelves as StockShelf[] });
      })
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [sessionId, request]);
  return { data, failed };
}
