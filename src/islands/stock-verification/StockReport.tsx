/**
 * A closed session's report: the counts, then the copies not seen, seen but away and unexpected,
 * and the shelves, each a paged table; each group's CSV is the server's export. Print prints them
 * on their own (`StockReportPrint`, loaded on first use). "Mark N copies missing" is one confirmed
 * action for holders of change_stockverification, offered once.
 */
import { lazy, Suspense, useState } from 'react';
import { flex } from 'styled-system/patterns';
import { toolbar } from 'styled-system/recipes';
import { FigureCards } from '../../components/home/FigureCards';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import type { StockSession } from '../../lib/schemas/stock-verification';
import { REPORT_GROUPS, canMarkMissing as markable, markMissingLabel, missingCandidates } from '../../lib/stock-verification';
import { MarkMissingDialog } from './MarkMissingDialog';
import { ReportGroupTable } from './ReportGroupTable';
import { ShelvesTable } from './ShelvesTable';
import { useMoment } from './use-moment';

const StockReportPrint = lazy(() => import('./StockReportPrint'));

const report = flex({ direction: 'column', gap: '6', minW: '0' });
const actions = toolbar({ gap: 'sm' });

/** The report's figures. */
export function reportFigures(session: StockSession) {
  const c = session.counts;
  return [
    { key: 'expected', label: 'Expected on the shelf', value: String(c.expected_shelf), href: null },
    { key: 'away', label: 'Expected away', value: String(c.expected_away), href: null },
    { key: 'seen', label: 'Seen', value: String(c.seen), href: null },
    { key: 'not-seen', label: 'Not seen', value: String(c.not_seen), href: null, alarm: true },
    { key: 'seen-away', label: 'Seen but away', value: String(c.seen_away), href: null },
    { key: 'unexpected', label: 'Unexpected', value: String(c.unexpected), href: null },
  ];
}

export function StockReport({ session, canMarkMissing, onChanged }: { session: StockSession; canMarkMissing: boolean; onChanged: () => void }) {
  const moment = useMoment();
  const [marking, setMarking] = useState(false);
  const [printRequest, setPrintRequest] = useState(0);
  // Tables load again after marking missing (the statuses changed).
  const version = session.missing_marked_at ?? 'unmarked';
  return (
    <div className={report}>
      <div className={actions}>
        <Button variant="outline" onClick={() => setPrintRequest((n) => n + 1)}>
          Print report
        </Button>
        {canMarkMissing && markable(session) && (
          <Button variant="danger" onClick={() => setMarking(true)}>
            {markMissingLabel(missingCandidates(session.counts))}
          </Button>
        )}
      </div>
      {session.missing_marked_at && (
        <Alert tone="success" title="Unseen copies marked missing">
          {`${session.missing_marked_count ?? 0} ${session.missing_marked_count === 1 ? 'copy was' : 'copies were'} marked missing on ${moment(session.missing_marked_at)}. A copy found later becomes available when scanned in a verification.`}
        </Alert>
      )}
      <FigureCards figures={reportFigures(session)} label="Verification counts" />
      {REPORT_GROUPS.map((group) => (
        <ReportGroupTable key={group} sessionId={session.id} group={group} version={version} />
      ))}
      <ShelvesTable sessionId={session.id} version={version} />
      {marking && <MarkMissingDialog session={session} onCancel={() => setMarking(false)} onMarked={onChanged} />}
      <Suspense fallback={null}>{printRequest > 0 && <StockReportPrint request={printRequest} session={session} />}</Suspense>
    </div>
  );
}
