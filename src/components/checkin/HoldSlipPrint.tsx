/**
 * A hold slip as printed: the copy set aside goes on the hold shelf with it (member, member number,
 * pickup deadline, title, accession number). Like the reports' print copy it is placed directly in
 * <body> (`usePrintHost`), hidden on screen and the only thing printed, black on white, here on a
 * small slip (80 mm wide) instead of A4. Each new request prints once it is drawn.
 */
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { css } from 'styled-system/css';
import { usePrintHost } from '../print/report-print';
import { holdSlipLines, type HoldSlip } from '../../lib/checkin-session';

/** The slip's page box: 80 mm wide, as a receipt printer's roll, and white behind it. */
const SLIP_PAGE_RULE = '@page { size: 80mm 110mm; margin: 4mm; } @media print { html { background: white !important; } }';

const slipCopy = css({
  display: 'none',
  _print: {
    display: 'block',
    w: 'full',
    maxW: '72mm',
    color: 'black',
    bg: 'white',
    fontSize: '11pt',
    '& *': { color: 'black !important', bg: 'transparent !important' },
    '& h1': { fontSize: '14pt', fontWeight: 'bold', mb: '2', pb: '1', borderBottomWidth: '2px', borderColor: 'black' },
    '& dl': { display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: '3', rowGap: '1', m: '0' },
    '& dt': { fontSize: '9pt' },
    '& dd': { m: '0', fontWeight: 'bold', overflowWrap: 'anywhere' },
  },
});

export function HoldSlipPrint({ slip, request, dateFormat }: { slip: HoldSlip; request: number; dateFormat?: string | null | undefined }) {
  usePrintHost();

  useEffect(() => {
    // After this copy has been drawn.
    const frame = requestAnimationFrame(() => window.print());
    return () => cancelAnimationFrame(frame);
  }, [request]);

  return createPortal(
    <div className={slipCopy} data-report-print="">
      <style>{SLIP_PAGE_RULE}</style>
      <h1>Hold slip</h1>
      <dl>
        {holdSlipLines(slip, dateFormat).map((line) => (
          <div key={line.label} className={css({ display: 'contents' })}>
            <dt>{line.label}</dt>
            <dd>{line.value}</dd>
          </div>
        ))}
      </dl>
    </div>,
    document.body,
  );
}
