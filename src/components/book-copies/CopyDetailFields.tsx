/** The details the Add copies and Edit copy forms share: call number, shelf, acquisition date, source, price and condition note. */
import type { ChangeEvent } from 'react';
import { css, cx } from 'styled-system/css';
import { input } from 'styled-system/recipes';
import { COPY_SOURCE_LABELS, EARLIEST_ACQUISITION } from '#shared/copies';
import { COPY_TEXT_LIMITS, sourceOptions, type CopyDetailValues } from '../../lib/book-copies-forms';
import { FieldShell } from '../ui/FieldShell';
import { SelectField } from '../ui/SelectField';
import { TextField } from '../ui/TextField';
import DateField from '../DateField';
import { dateBinding } from '../use-date-field';

/** The grid of a copy form's fields: one column on phones, two from 640 px. */
export const copyFieldGrid = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' },
  gap: '4',
  mt: '4',
});
export const wideField = css({ gridColumn: { sm: '1 / -1' } });
const textarea = css({
  minH: '20',
  py: '2',
  resize: 'vertical',
  lineHeight: '1.5',
});
const SOURCES = sourceOptions(COPY_SOURCE_LABELS);

/** What the one form hook's `bind` gives a text input or select. */
export interface BoundField {
  name: string;
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;
}

export function CopyDetailFields({ bind, today, priceHelp }: { bind: (field: keyof CopyDetailValues) => BoundField; today: string; priceHelp: string }) {
  const note = bind('condition_note');
  const { error: noteError, ...noteControl } = note;
  return (
    <>
      <TextField
        label="Call number"
        maxLength={COPY_TEXT_LIMITS.call_number}
        autoComplete="off"
        helperText="As on the spine label, e.g. 823 AUS."
        {...bind('call_number')}
      />
      <TextField label="Shelf" maxLength={COPY_TEXT_LIMITS.shelf_location} autoComplete="off" {...bind('shelf_location')} />
      <DateField label="Acquisition date" min={EARLIEST_ACQUISITION} max={today} {...dateBinding(bind('acquired_on'))} />
      <SelectField label="Source" placeholder="Not recorded" options={SOURCES} {...bind('source')} />
      <TextField label="Price (Rs.)" inputMode="decimal" autoComplete="off" helperText={priceHelp} {...bind('price')} />
      <FieldShell label="Condition note" error={noteError} disabled={note.disabled} className={wideField}>
        {(field) => <textarea className={cx(input(), textarea)} rows={2} maxLength={COPY_TEXT_LIMITS.condition_note} {...field} {...noteControl} />}
      </FieldShell>
    </>
  );
}
