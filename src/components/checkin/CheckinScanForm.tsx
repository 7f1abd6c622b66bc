/**
 * The check-in's scan field and its return date. The field keeps focus: a scanner types the code
 * and Enter, the field empties at once for the next copy. The return date (today unless changed;
 * a blank one is today) applies to every scan after it; a date before today lowers a fine only for staff who may waive fines
 * (the server's rule, said under the row when refused).
 */
import { forwardRef, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { input, toolbar } from 'styled-system/recipes';
import { CHECKIN_MESSAGES } from '../../lib/checkin-session';
import { Button } from '../ui/Button';
import { FieldShell } from '../ui/FieldShell';
import DateField from '../DateField';

const scanRow = toolbar({ align: 'end', gap: 'sm' });
const scanField = css({ flex: '1 1 16rem', minW: '0' });
const dateField = css({ flex: '0 1 12rem', minW: '0' });
const scanInput = css({ fontFamily: 'mono', fontSize: 'lg' });

export interface CheckinScanFormProps {
  returnDate: string;
  today: string;
  onReturnDate: (date: string) => void;
  onScan: (code: string) => void;
}

export const CheckinScanForm = forwardRef<HTMLInputElement, CheckinScanFormProps>(function CheckinScanForm({ returnDate, today, onReturnDate, onScan }, ref) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const field = event.currentTarget.elements.namedItem('barcode');
    if (!(field instanceof HTMLInputElement)) return;
    onScan(field.value);
    field.value = '';
    field.focus();
  }

  return (
    <form onSubmit={submit} className={scanRow} aria-label="Check in a copy" autoComplete="off">
      <FieldShell label="Barcode or accession number" className={scanField} helperText={CHECKIN_MESSAGES.hint}>
        {(control) => <input ref={ref} name="barcode" className={`${input()} ${scanInput}`} {...control} enterKeyHint="enter" spellCheck={false} autoCapitalize="off" />}
      </FieldShell>
      <div className={dateField}>
        <DateField label="Return date" name="return_date" hint={returnDate === today ? 'Today' : 'Not today'} value={returnDate} max={today} onChange={onReturnDate} />
      </div>
      <Button type="submit">Check in</Button>
    </form>
  );
});
