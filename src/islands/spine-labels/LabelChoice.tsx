/**
 * What to print: a book's copies (the book picker), a range of accession numbers, or every copy
 * added since a date; the label sheet and the first free label on it. Preview loads the copies.
 */
import type { Dispatch } from 'react';
import { css } from 'styled-system/css';
import { LABEL_SHEETS, type LabelSheet } from '#shared/copies';
import { ChoiceGroup } from '../../components/barcode/ChoiceGroup';
import { BookPicker } from '../../components/book-picker/BookPicker';
import DateField from '../../components/DateField';
import { fieldGrid, formActions } from '../../components/Panel';
import { Button } from '../../components/ui/Button';
import { SelectField } from '../../components/ui/SelectField';
import { TextField } from '../../components/ui/TextField';
import { perSheet, type LabelSource, type LabelsAction, type LabelsState } from '../../lib/labels';

const SOURCES: readonly { value: LabelSource; label: string }[] = [
  { value: 'book', label: "A book's copies" },
  { value: 'range', label: 'Accession numbers from … to' },
  { value: 'since', label: 'Added since a date' },
];
const SHEET_OPTIONS = LABEL_SHEETS.map((sheet) => ({ value: sheet.id, label: sheet.name }));
const form = css({ display: 'flex', flexDirection: 'column', gap: '5' });

export interface LabelChoiceProps {
  state: LabelsState;
  dispatch: Dispatch<LabelsAction>;
  sheet: LabelSheet;
  onSheet: (id: string) => void;
  onPreview: () => void;
}

export function LabelChoice({ state, dispatch, sheet, onSheet, onPreview }: LabelChoiceProps) {
  const { selection, problem } = state;
  const errorOf = (field: string) => (problem?.field === field ? problem.message : undefined);
  const loading = state.phase === 'loading';
  return (
    <form
      className={form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onPreview();
      }}
    >
      <ChoiceGroup legend="Print labels for" name="label-source" options={SOURCES} value={selection.source} onChange={(source) => dispatch({ type: 'source', source })} />
      {selection.source === 'book' && (
        <BookPicker label="Book" error={errorOf('book')} picked={null} onPick={(book) => dispatch({ type: 'book', book: book ? { id: book.id, title: book.title } : null })} />
      )}
      {selection.source === 'range' && (
        <div className={fieldGrid}>
          <TextField label="From accession number" value={selection.from} error={errorOf('from')} autoComplete="off" onChange={(event) => dispatch({ type: 'from', value: event.target.value })} />
          <TextField label="To accession number" value={selection.to} error={errorOf('to')} autoComplete="off" onChange={(event) => dispatch({ type: 'to', value: event.target.value })} />
        </div>
      )}
      {selection.source === 'since' && (
        <DateField label="Added since" value={selection.since} error={errorOf('since')} onChange={(value) => dispatch({ type: 'since', value })} />
      )}
      <div className={fieldGrid}>
        <SelectField label="Label sheet" options={SHEET_OPTIONS} value={sheet.id} helperText="Book Settings chooses the usual sheet." onChange={(event) => onSheet(event.target.value)} />
        <TextField
          label="Start at label"
          type="number"
          inputMode="numeric"
          min={1}
          max={perSheet(sheet)}
          value={state.start ? String(state.start) : ''}
          helperText={`Skip used labels on a partly used sheet (1 to ${perSheet(sheet)}, left to right, top to bottom).`}
          onChange={(event) => dispatch({ type: 'start', value: Number(event.target.value) })}
        />
      </div>
      <div className={formActions}>
        <Button type="submit" loading={loading} loadingText="Loading...">
          Preview
        </Button>
      </div>
    </form>
  );
}
