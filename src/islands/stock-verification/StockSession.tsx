/**
 * One verification (books/stock/session?id=…): while open, the scan desk for holders of
 * add_stockverification; once closed, the report. The header names the session, what it covers,
 * who opened it and when, and leads back to the list. The route table and the guard keep the page
 * to holders of view_stockverification.
 */
import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { flex } from 'styled-system/patterns';
import { badge, textLink } from 'styled-system/recipes';
import { PageHeader } from '../../components/Panel';
import { Alert } from '../../components/ui/Alert';
import { RetryAlert } from '../../components/ui/RetryAlert';
import { LoadingState } from '../../components/ui/Spinner';
import { pathFor } from '#shared/routes';
import { holdsPermission } from '../../lib/permissions';
import type { StockSession as Session } from '../../lib/schemas/stock-verification';
import { SESSION_STATUS_TEXT, STOCK_MESSAGES, filtersText, sessionIdOf } from '../../lib/stock-verification';
import { $session } from '../../stores/session';
import { ScanDesk } from './ScanDesk';
import { StockReport } from './StockReport';
import { useMoment } from './use-moment';
import { useStockSession } from './use-stock-session';

const page = flex({ direction: 'column', gap: '5', minW: '0' });

function SessionHeader({ session }: { session: Session }) {
  const moment = useMoment();
  const opened = `Opened ${moment(session.opened_at)}${session.opened_by?.name ? ` by ${session.opened_by.name}` : ''}`;
  const closed = session.closed_at ? ` · closed ${moment(session.closed_at)}${session.closed_by?.name ? ` by ${session.closed_by.name}` : ''}` : '';
  return (
    <PageHeader
      title={session.name}
      actions={
        <>
          <span className={badge({ tone: session.status === 'OPEN' ? 'success' : 'neutral', size: 'md' })}>{SESSION_STATUS_TEXT[session.status]}</span>
          <a className={textLink()} href={pathFor('book-stock')}>
            All verifications
          </a>
        </>
      }
    >
      {filtersText(session.filters)} · {opened}
      {closed}
    </PageHeader>
  );
}

export default function StockSession() {
  const validId = useMemo(() => sessionIdOf(window.location.search), []);
  const user = useStore($session);
  const { session, loading, error, reload, replace } = useStockSession(validId);

  if (!validId) return <Alert tone="info" title="No verification chosen">{STOCK_MESSAGES.noId}</Alert>;
  if (error && !session) return <RetryAlert title="The verification could not be loaded" message={error} onRetry={reload} />;
  if (!session) return loading ? <LoadingState text="Loading..." /> : null;

  const canScan = holdsPermission(user, 'add_stockverification');
  const canChange = holdsPermission(user, 'change_stockverification');
  return (
    <div className={page}>
      <SessionHeader session={session} />
      {session.status === 'CLOSED' ? (
        <StockReport session={session} canMarkMissing={canChange} onChanged={reload} />
      ) : canScan ? (
        <ScanDesk session={session} canClose={canChange} onClosed={replace} onReload={reload} />
      ) : (
        <Alert tone="info" title="Open for scanning">
          Scanning needs the “Open stock verifications and scan copies” permission. The report shows here once the verification is closed.
        </Alert>
      )}
    </div>
  );
}
