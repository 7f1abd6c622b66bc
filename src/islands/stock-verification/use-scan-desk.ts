/**
 * The scan desk's flow over the pure queue (`lib/stock-verification-scans`): every Enter queues
 * the barcode at once, and the oldest queued scan is sent when none is on its way, so scans typed
 * faster than the server answers are neither lost nor reordered.
 */
import { useEffect, useReducer } from 'react';
import { scanCopy } from '../../lib/api/stock-verification';
import { errorStatus } from '../../lib/error-reading';
import type { StockSession } from '../../lib/schemas/stock-verification';
import { STOCK_MESSAGES, stockErrorMessage } from '../../lib/stock-verification';
import { emptyScanQueue, nextToSend, scanQueueReducer, waitingCount } from '../../lib/stock-verification-scans';

export function useScanDesk(session: StockSession) {
  const [state, dispatch] = useReducer(scanQueueReducer, session, (loaded) =>
    scanQueueReducer(emptyScanQueue(), { type: 'loaded', scans: loaded.recent_scans, counts: loaded.counts }),
  );
  const next = nextToSend(state);

  useEffect(() => {
    if (!next) return;
    dispatch({ type: 'sent', key: next.key });
    scanCopy(session.id, next.barcode)
      .then((answer) => dispatch({ type: 'answered', key: next.key, answer }))
      .catch((failure: unknown) => {
        const closed = errorStatus(failure) === 409;
        dispatch({ type: 'failed', key: next.key, message: closed ? STOCK_MESSAGES.closed : stockErrorMessage(failure, STOCK_MESSAGES.scanFailed), closed });
      });
    // The key names the scan; each is sent once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [next?.key]);

  return {
    state,
    counts: state.counts ?? session.counts,
    waiting: waitingCount(state),
    /** Queues what was typed or scanned (blank is ignored). */
    scan: (text: string) => dispatch({ type: 'typed', text }),
  };
}
