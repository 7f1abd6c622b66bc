/**
 * Spine Labels (books/labels): choose copies (a book's, a range of accession numbers, or all added
 * since a date), preview them on the label sheet at real size, and print them where the sheet's
 * labels are (A4, no page margin, positions in mm; a start position skips used labels).
 */
import { css } from 'styled-system/css';
import { PrintSheets } from '../../components/barcode/PrintSheets';
import { SheetPrintCopy, printSheets } from '../../components/barcode/SheetPrintCopy';
import { PageHeader, Panel, stack } from '../../components/Panel';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { RetryAlert } from '../../components/ui/RetryAlert';
import { LoadingState } from '../../components/ui/Spinner';
import { LABELS_MESSAGES, MAX_LABELS, labelLayout, type SpineLabel } from '../../lib/labels';
import { LabelChoice } from './LabelChoice';
import { SpineLabelFace } from './SpineLabelFace';
import { useSpineLabels } from './use-spine-labels';

const labelKey = (label: SpineLabel): string => label.key;
const plural = (n: number, word: string): string => `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;

export default function SpineLabels() {
  const { state, dispatch, sheet, chooseSheet, labels, pages, preview } = useSpineLabels();
  const layout = labelLayout(sheet);
  const render = (label: SpineLabel) => <SpineLabelFace label={label} layout={layout} />;
  const ready = state.phase === 'ready' && labels.length > 0;
  return (
    <div className={stack}>
      <PageHeader title="Spine labels">
        Print call number, title, library name and a Code 128 barcode on an A4 label sheet. Preview shows the labels where they will print.
      </PageHeader>
      <Panel title="Copies">
        <LabelChoice state={state} dispatch={dispatch} sheet={sheet} onSheet={chooseSheet} onPreview={preview} />
      </Panel>
      {state.phase === 'loading' && <LoadingState />}
      {state.phase === 'failed' && <RetryAlert title={LABELS_MESSAGES.loadFailed} message={state.error ?? ''} onRetry={preview} />}
      {state.phase === 'ready' && labels.length === 0 && <Alert tone="info" title={LABELS_MESSAGES.noneFound}>Try another book, range or date.</Alert>}
      {ready && (
        <Panel
          title="Preview"
          intro={`${plural(labels.length, 'label')} on ${plural(pages.length, 'sheet')} (${sheet.name}).`}
          actions={<Button onClick={() => void printSheets()}>Print labels</Button>}
        >
          {state.count > MAX_LABELS && (
            <Alert tone="info" className={css({ mb: '4' })}>
              {LABELS_MESSAGES.capped(state.count)}
            </Alert>
          )}
          <PrintSheets pages={pages} grid={sheet} itemKey={labelKey} render={render} noun="Label sheet" variant="screen" />
        </Panel>
      )}
      {ready && (
        <SheetPrintCopy>
          <PrintSheets pages={pages} grid={sheet} itemKey={labelKey} render={render} noun="Label sheet" variant="print" />
        </SheetPrintCopy>
      )}
    </div>
  );
}
