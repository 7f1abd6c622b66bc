/**
 * An open session's scan desk. The scan field keeps focus: a keyboard-wedge scanner types the
 * number and Enter, the field empties at once for the next one and the barcode joins the queue
 * (`use-scan-desk`). The latest answer shows large (`ScanCueView`), the running counts below it and
 * the latest scans, newest first. Close (with change_stockverification) asks first, then the
 * report takes the desk's place.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { flex } from 'styled-system/patterns';
import { input, toolbar } from 'styled-system/recipes';
import { FigureCards } from '../../components/home/FigureCards';
import { Panel } from '../../components/Panel';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { FieldShell } from '../../components/ui/FieldShell';
import type { StockSession } from '../../lib/schemas/stock-verification';
import { STOCK_MESSAGES, countFigures, progressPercent } from '../../lib/stock-verification';
import { latestEntry } from '../../lib/stock-verification-scans';
import { CloseSessionDialog } from './CloseSessionDialog';
import { RecentScans } from './RecentScans';
import { ScanCueView } from './ScanCueView';
import { useScanDesk } from './use-scan-desk';

const desk = flex({ direction: 'column', gap: '5', minW: '0' });
const scanRow = toolbar({ align: 'center', gap: 'sm' });
const scanField = css({ flex: '1 1 16rem', minW: '0' });
const scanInput = css({ fontFamily: 'mono', fontSize: 'lg' });
const note = css({ fontSize: 'sm', color: 'fg.muted' });

export interface ScanDeskProps {
  session: StockSession;
  canClose: boolean;
  onClosed: (session: StockSession) => void;
  /** Loads the session again (it was closed at another desk: the report shows). */
  onReload: () => void;
}

export function ScanDesk({ session, canClose, onClosed, onReload }: ScanDeskProps) {
  const { state, counts, waiting, scan } = useScanDesk(session);
  const field = useRef<HTMLInputElement>(null);
  const [closing, setClosing] = useState(false);
  const latest = latestEntry(state);

  // Focus goes back to the scan field after each answer unless the user moved it somewhere on purpose.
  useEffect(() => {
    const active = document.activeElement;
    if (!closing && (active === null || active === document.body)) field.current?.focus();
  }, [latest?.key, latest?.state, closing]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = field.current;
    if (!typed) return;
    scan(typed.value);
    typed.value = '';
    typed.focus();
  }

  const figures = countFigures(counts).map((figure) => ({ key: figure.key, label: figure.label, value: String(figure.value), href: null }));
  return (
    <div className={desk}>
      <Panel
        title="Scan copies"
        actions={
          canClose && (
            <Button variant="outline" onClick={() => setClosing(true)} disabled={state.closed}>
              Close verification
            </Button>
          )
        }
      >
        <form onSubmit={submit} className={scanRow} aria-label="Scan a copy" autoComplete="off">
          <FieldShell label="Barcode or accession number" className={scanField} helperText={waiting > 0 ? `${waiting} waiting for an answer…` : 'Scan, or type and press Enter.'}>
            {(control) => <input ref={field} className={`${input()} ${scanInput}`} {...control} autoFocus enterKeyHint="enter" spellCheck={false} autoCapitalize="off" />}
          </FieldShell>
          <Button type="submit">Check</Button>
        </form>
      </Panel>
      {state.closed && (
        <Alert tone="error" title={STOCK_MESSAGES.closed}>
          <Button variant="outline" size="sm" onClick={onReload}>
            Show the report
          </Button>
        </Alert>
      )}
      <ScanCueView entry={latest} />
      <FigureCards figures={figures} label="Running counts" />
      <p className={note}>
        {progressPercent(counts)}% of the expected copies seen · {counts.seen_away} seen that should be away · {counts.scans} scans
      </p>
      <Panel title="Latest scans">
        <RecentScans entries={state.entries} />
      </Panel>
      {closing && <CloseSessionDialog session={session} waiting={waiting} onCancel={() => setClosing(false)} onClosed={onClosed} />}
    </div>
  );
}
