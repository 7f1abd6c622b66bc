/**
 * Add copies to a title: how many (the library's next accession numbers) or the accession numbers
 * themselves, one per line (kept as given), with the details they share. Checks and body:
 * `lib/book-copies-forms`; the server's refusals show under their fields, nothing typed is lost.
 * The form mounts per opening, so a closed dialog keeps nothing.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { css, cx } from 'styled-system/css';
import { checkRow, input } from 'styled-system/recipes';
import { todayIn } from '#shared/dates';
import { Modal, dialogActions } from '../Modal';
import { CancelSubmit } from '../CancelSubmit';
import { Alert } from '../ui/Alert';
import { FieldShell } from '../ui/FieldShell';
import { TextField } from '../ui/TextField';
import { toast } from '../ui/Toaster';
import { useForm } from '../use-form';
import { copyCallError } from '../../lib/book-copies';
import { addBookCopies } from '../../lib/book-copies-api';
import { ADD_COPIES_FIELDS, MAX_COPIES_AT_ONCE, addCopiesBody, newCopiesValues, validateAddCopies, type AddCopiesValues } from '../../lib/book-copies-forms';
import { NOTICES } from '../../lib/notices';
import { CopyDetailFields, copyFieldGrid, wideField, type BoundField } from './CopyDetailFields';

const modes = css({
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: '6',
  gridColumn: { sm: '1 / -1' },
});
// The count is where a new batch starts (not the choice above it).
const COUNT_FIELD = 'add-copies-count';
const numbersBox = css({
  minH: '28',
  py: '2',
  resize: 'vertical',
  lineHeight: '1.5',
  fontFamily: 'mono',
});

export interface AddCopiesDialogProps {
  open: boolean;
  bookId: string;
  shelf: string | null | undefined;
  timeZone: string | null | undefined;
  onClose: () => void;
  onSaved: () => Promise<void>;
}

export function AddCopiesDialog(props: AddCopiesDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={props.open}
      onOpenChange={(open) => !open && !busy && props.onClose()}
      busy={busy}
      title="Add copies"
      description="New copies get the library's next accession numbers, unless you list their numbers."
      initialFocus={() => document.getElementById(COUNT_FIELD)}
    >
      {props.open && <AddCopiesForm {...props} onBusy={setBusy} />}
    </Modal>
  );
}

function AddCopiesForm({ bookId, shelf, timeZone, onClose, onSaved, onBusy }: AddCopiesDialogProps & { onBusy: (busy: boolean) => void }) {
  const form = useForm<AddCopiesValues>({ initial: newCopiesValues(shelf) });
  const { formRef, summary, saving, values } = form;
  const today = todayIn(timeZone);
  const mode = values?.mode ?? 'count';

  useEffect(() => onBusy(saving), [saving]);
  useEffect(() => () => onBusy(false), []);

  async function save(event: FormEvent<HTMLFormElement>) {
    let added = 0;
    const done = await form.submit(event, {
      validate: (current) => validateAddCopies(current, today),
      fields: ADD_COPIES_FIELDS,
      summary: (failure, shown) => (shown ? null : copyCallError(failure, 'add')),
      send: async (current) => {
        added = (await addBookCopies(bookId, addCopiesBody(current))).results.length;
      },
    });
    if (!done) return;
    toast.success(NOTICES.copiesAdded(added));
    onClose();
    await onSaved();
  }

  const numbers = form.bind('accession_numbers');
  const { error: numbersError, ...numbersControl } = numbers;
  return (
    <form ref={formRef} noValidate onSubmit={(event) => void save(event)} aria-label="Add copies">
      {summary && (
        <Alert tone="error" className={css({ mt: '4' })}>
          {summary}
        </Alert>
      )}
      <div className={copyFieldGrid}>
        <fieldset className={modes}>
          <legend className={css({ srOnly: true })}>Numbers</legend>
          {(['count', 'list'] as const).map((choice) => (
            <label key={choice} className={checkRow()}>
              <input type="radio" name="mode" value={choice} checked={mode === choice} disabled={saving} onChange={() => form.setValue('mode', choice)} />
              {choice === 'count' ? 'Next accession numbers' : 'Accession numbers I give'}
            </label>
          ))}
        </fieldset>
        {mode === 'count' ? (
          <TextField
            id={COUNT_FIELD}
            label="Number of copies"
            inputMode="numeric"
            required
            autoFocus
            helperText={`1 to ${MAX_COPIES_AT_ONCE}.`}
            className={wideField}
            {...form.bind('count')}
          />
        ) : (
          <FieldShell
            label="Accession numbers"
            required
            error={numbersError}
            disabled={numbers.disabled}
            helperText="One per line, as written in the register."
            className={wideField}
          >
            {(field) => <textarea className={cx(input(), numbersBox)} rows={4} autoFocus spellCheck={false} {...field} {...numbersControl} />}
          </FieldShell>
        )}
        <CopyDetailFields
          bind={form.bind as (field: keyof AddCopiesValues) => BoundField}
          today={today}
          priceHelp="Leave empty to charge the book's price if a copy is lost."
        />
      </div>
      <CancelSubmit className={dialogActions} onCancel={onClose} saving={saving} submitLabel="Add copies" loadingText="Adding..." />
    </form>
  );
}
