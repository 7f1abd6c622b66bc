/**
 * The answer to the latest scan, large: an icon, the word and a colour together (never colour
 * alone, no sound), the barcode, the copy's title and shelf, and what to do. Read out politely.
 */
import { css } from 'styled-system/css';
import { AlertIcon, CheckCircleIcon, CloseIcon, InfoIcon } from '../../components/ui/icons';
import { FAILED_CUE, PENDING_CUE, scanCue, type CueIcon, type CueTone, type ScanCue } from '../../lib/stock-verification';
import type { ScanEntry } from '../../lib/stock-verification-scans';

/** The drawing of each cue icon. */
export const CUE_ICONS: Record<CueIcon, typeof CheckCircleIcon> = { check: CheckCircleIcon, alert: AlertIcon, cross: CloseIcon, info: InfoIcon };

/** Each tone's surface: the danger and success families, and a strong outline for the warnings. */
const TONES: Record<CueTone, string> = {
  success: css({ bg: 'success.subtle', borderColor: 'success.border', '& [data-cue-icon], & [data-cue-word]': { color: 'success.fg' } }),
  warning: css({ bg: 'bg.subtle', borderColor: 'border.strong', borderStyle: 'dashed', borderWidth: '3px', '& [data-cue-icon], & [data-cue-word]': { color: 'fg.default' } }),
  danger: css({ bg: 'danger.subtle', borderColor: 'danger.border', '& [data-cue-icon], & [data-cue-word]': { color: 'danger.fg' } }),
  neutral: css({ bg: 'bg.muted', borderColor: 'border.default', '& [data-cue-icon], & [data-cue-word]': { color: 'fg.default' } }),
};

const box = css({ display: 'flex', gap: '4', alignItems: 'center', borderWidth: '2px', borderRadius: 'lg', p: { base: '4', md: '5' }, minH: '28', minW: '0' });
const icon = css({ w: { base: '10', md: '12' }, h: { base: '10', md: '12' }, flexShrink: 0 });
const word = css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'bold', lineHeight: '1.2' });
const detail = css({ fontSize: 'sm', color: 'fg.default', overflowWrap: 'anywhere' });
const muted = css({ fontSize: 'sm', color: 'fg.muted' });
const code = css({ fontFamily: 'mono' });

/** The cue of an entry, whatever its state. */
export function cueOf(entry: ScanEntry): ScanCue {
  if (entry.state === 'failed') return FAILED_CUE;
  if (entry.state !== 'answered' || !entry.result) return PENDING_CUE;
  return scanCue(entry.result);
}

export function ScanCueView({ entry }: { entry: ScanEntry | null }) {
  if (!entry) {
    return (
      <div className={`${box} ${TONES.neutral}`} role="status" aria-live="polite">
        <InfoIcon className={icon} data-cue-icon="" aria-hidden="true" />
        <p className={muted}>Scan a copy’s barcode, or type its accession number and press Enter.</p>
      </div>
    );
  }
  const cue = cueOf(entry);
  const Icon = CUE_ICONS[cue.icon];
  return (
    <div className={`${box} ${TONES[cue.tone]}`} role="status" aria-live="polite" aria-atomic="true" data-result={entry.result ?? entry.state}>
      <Icon className={icon} data-cue-icon="" aria-hidden="true" />
      <div>
        <p className={word} data-cue-word="">
          {cue.word}
        </p>
        <p className={detail}>
          <span className={code}>{entry.barcode}</span>
          {entry.copy && ` · ${entry.copy.title}${entry.copy.shelf_location ? ` · shelf ${entry.copy.shelf_location}` : ''}`}
        </p>
        {(entry.state === 'failed' ? entry.message : cue.hint) && <p className={muted}>{entry.state === 'failed' ? entry.message : cue.hint}</p>}
      </div>
    </div>
  );
}
