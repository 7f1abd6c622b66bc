/** The latest scans, newest first: barcode, the answer's icon and word, and the copy it named. */
import { css } from 'styled-system/css';
import { badge } from 'styled-system/recipes';
import type { ScanEntry } from '../../lib/stock-verification-scans';
import { CUE_ICONS, cueOf } from './ScanCueView';

const list = css({ listStyle: 'none', p: '0', m: '0', display: 'flex', flexDirection: 'column', borderTopWidth: '1px', borderColor: 'border.default' });
const row = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'minmax(8rem, 12rem) 15rem minmax(0, 1fr)' }, gap: { base: '1', sm: '3' }, alignItems: 'center', py: '2', borderBottomWidth: '1px', borderColor: 'border.default', fontSize: 'sm', minW: '0' });
const code = css({ fontFamily: 'mono', overflowWrap: 'anywhere' });
const copyText = css({ color: 'fg.muted', overflowWrap: 'anywhere' });
const empty = css({ color: 'fg.muted', fontSize: 'sm', py: '2' });
const iconSize = css({ w: '3.5', h: '3.5' });

export function RecentScans({ entries }: { entries: readonly ScanEntry[] }) {
  if (entries.length === 0) return <p className={empty}>No scans yet.</p>;
  return (
    <ol className={list} aria-label="Latest scans, newest first">
      {entries.map((entry) => {
        const cue = cueOf(entry);
        const Icon = CUE_ICONS[cue.icon];
        return (
          <li key={entry.key} className={row}>
            <span className={code}>{entry.barcode}</span>
            <span>
              <span className={badge({ tone: cue.tone })}>
                <Icon className={iconSize} aria-hidden="true" />
                {cue.word}
              </span>
            </span>
            <span className={copyText}>{entry.copy ? `${entry.copy.accession_no} · ${entry.copy.title}` : entry.state === 'failed' ? entry.message : ''}</span>
          </li>
        );
      })}
    </ol>
  );
}
