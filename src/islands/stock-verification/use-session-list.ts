/** The sessions list: one page at a time, newest first, reloaded after a session is opened. */
import { useState } from 'react';
import { usePageLoader } from '../../components/data-table/use-page-loader';
import { fetchStockSessions } from '../../lib/api/stock-verification';
import type { StockSession } from '../../lib/schemas/stock-verification';
import { STOCK_MESSAGES, stockErrorMessage } from '../../lib/stock-verification';

/** The server's page size for sessions. */
export const SESSIONS_PAGE_SIZE = 20;

export function useSessionList(enabled: boolean) {
  const [page, setPage] = useState(1);
  const loader = usePageLoader<StockSession>({
    key: `${enabled}:${page}`,
    load: () => (enabled ? fetchStockSessions(page, SESSIONS_PAGE_SIZE) : Promise.resolve({ count: 0, results: [] })),
    pageNumber: page,
    toFirstPage: () => setPage(1),
    errorMessage: (failure) => stockErrorMessage(failure, STOCK_MESSAGES.listFailed),
  });
  return { ...loader, pageNumber: page, setPage };
}
