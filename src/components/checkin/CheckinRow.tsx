/**
 * One check-in of the session: the copy (title, accession number), its borrower, late days and the
 * fine (collected or owed), whom it is now held for with its slip, the copy not on loan in words,
 * and Undo while the return is today's and unpaid (else why not).
 */
import { css } from 'styled-system/css';
import { badge, text, toolbar } from 'styled-system/recipes';
import { CHECKIN_MESSAGES, holdText, returnFacts, undoEligibility, type CheckinEntry } from '../../lib/checkin-session';
import { Button } from '../ui/Button';

const row = css({ display: 'flex', flexDirection: 'column', gap: '1.5', py: '3', borderBottomWidth: '1px', borderColor: 'border.default', minW: '0' });
const head = toolbar({ gap: 'sm', align: 'center' });
const titleText = text({ weight: 'semibold', wrapAnywhere: true });
const detail = text({ tone: 'muted', size: 'sm', wrapAnywhere: true });
const holdLine = css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center', fontSize: 'sm', fontWeight: 'semibold', color: 'accent.fg' });
const actions = toolbar({ gap: 'sm', align: 'center' });

const RESULT_BADGE: Record<string, { word: string; tone: 'success' | 'neutral' | 'warning' | 'danger' }> = {
  sending: { word: 'Checking in…', tone: 'neutral' },
  RETURNED: { word: 'Returned', tone: 'success' },
  NOT_ON_LOAN: { word: 'Not on loan', tone: 'warning' },
  FOUND: { word: 'Found', tone: 'success' },
  failed: { word: 'Not checked in', tone: 'danger' },
  undone: { word: 'Undone', tone: 'neutral' },
};

const badgeOf = (entry: CheckinEntry) => RESULT_BADGE[entry.state === 'done' ? (entry.result ?? 'RETURNED') : entry.state]!;

export interface CheckinRowProps {
  entry: CheckinEntry;
  today: string;
  dateFormat?: string | null | undefined;
  canCollect: boolean;
  onPrint: (entry: CheckinEntry) => void;
  onUndo: (entry: CheckinEntry) => void;
  onCollect: (entry: CheckinEntry) => void;
}

export function CheckinRow({ entry, today, dateFormat, canCollect, onPrint, onUndo, onCollect }: CheckinRowProps) {
  const mark = badgeOf(entry);
  const undo = undoEligibility(entry, today);
  const name = entry.title ?? entry.barcode;
  const collectable = entry.state === 'done' && entry.owed > 0 && canCollect && entry.receiptNo === undefined && entry.member !== null;
  return (
    <li className={row} aria-label={`${name}: ${mark.word}`}>
      <div className={head}>
        <span className={badge({ tone: mark.tone })}>{mark.word}</span>
        <span className={titleText}>{name}</span>
        {entry.accessionNo && <span className={text({ mono: true, size: 'sm' })}>{entry.accessionNo}</span>}
      </div>
      {entry.member && (
        <p className={detail}>
          {entry.member.name}
          {entry.member.memberNo ? ` (${entry.member.memberNo})` : ''} · {returnFacts(entry)}
        </p>
      )}
      {entry.message && <p className={text({ size: 'sm', tone: entry.state === 'failed' ? 'danger' : 'default', wrapAnywhere: true })}>{entry.message}</p>}
      {entry.state === 'done' && entry.owed > 0 && !canCollect && <p className={detail}>{CHECKIN_MESSAGES.recordedAsOwed}</p>}
      {entry.holdSlip && (
        <div className={holdLine}>
          <span>{holdText(entry.holdSlip, dateFormat)}</span>
          <Button size="sm" variant="outline" onClick={() => onPrint(entry)}>
            Print hold slip
          </Button>
        </div>
      )}
      {(undo || collectable) && (
        <div className={actions}>
          {collectable && (
            <Button size="sm" variant="outline" onClick={() => onCollect(entry)}>
              Collect now
            </Button>
          )}
          {undo?.ok === true && (
            <Button size="sm" variant="outline" onClick={() => onUndo(entry)} aria-label={`Undo the check-in of ${name}`}>
              Undo
            </Button>
          )}
          {undo?.ok === false && <span className={detail}>{undo.reason}</span>}
        </div>
      )}
    </li>
  );
}
