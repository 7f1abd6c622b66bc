/** This session's check-ins, newest first (see `CheckinRow`); an empty session says so. */
import { css } from 'styled-system/css';
import { text } from 'styled-system/recipes';
import { CHECKIN_MESSAGES, type CheckinEntry } from '../../lib/checkin-session';
import { CheckinRow, type CheckinRowProps } from './CheckinRow';

const list = css({ listStyle: 'none', p: '0', m: '0', borderTopWidth: '1px', borderColor: 'border.default' });

export function CheckinList({ entries, ...row }: { entries: readonly CheckinEntry[] } & Omit<CheckinRowProps, 'entry'>) {
  if (entries.length === 0) return <p className={text({ tone: 'muted', size: 'sm' })}>{CHECKIN_MESSAGES.empty}</p>;
  return (
    <ol className={list} aria-label="Check-ins of this session, newest first" aria-live="polite">
      {entries.map((entry) => (
        <CheckinRow key={entry.key} entry={entry} {...row} />
      ))}
    </ol>
  );
}
