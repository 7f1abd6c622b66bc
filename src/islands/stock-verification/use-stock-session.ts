/** One session as the screen shows it: loaded by id, loaded again on Retry, replaced by what closing or marking answers. */
import { useCallback, useEffect, useState } from 'react';
import { fetchStockSession } from '../../lib/api/stock-verification';
import type { StockSession } from '../../lib/schemas/stock-verification';
import { STOCK_MESSAGES, stockErrorMessage } from '../../lib/stock-verification';

export interface SessionLoad {
  session: StockSession | null;
  loading: boolean;
  error: string | null;
  reload: () => void;
  /** Puts the answer of an action (close, mark missing) in place of the loaded session. */
  replace: (session: StockSession) => void;
}

export function useStockSession(id: string | null): SessionLoad {
  const [session, setSession] = useState<StockSession | null>(null);
  const [loading, setLoading] = useState(id !== null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (id === null) return;
    let current = true;
    setLoading(true);
    fetchStockSession(id)
      .then((loaded) => {
        if (!current) return;
        setSession(loaded);
        setError(null);
      })
      .catch((failure: unknown) => current && setError(stockErrorMessage(failure, STOCK_MESSAGES.loadFailed)))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [id, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { session, loading, error, reload, replace: setSession };
}
