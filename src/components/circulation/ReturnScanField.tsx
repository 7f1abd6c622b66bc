/**
 * The Return Book dialog's scan input: a copy's barcode or accession number, then Enter, picks the
 * borrower and the book of its open loan (`scanCopy` of `useReturnFlow`); a copy not on loan says so
 * under the input, and focus stays there for the next scan.
 */
import { RETURN_SCAN_MESSAGES, type ReturnScanState } from '../../lib/return-flow';
import { TextField } from '../ui/TextField';

export interface ReturnScanFieldProps {
  scan: ReturnScanState;
  disabled: boolean;
  onType: (text: string) => void;
  onScan: () => void;
}

/** The scan input, where focus starts when the dialog opens blank. */
export function ReturnScanField({ scan, disabled, onType, onScan }: ReturnScanFieldProps) {
  return (
    <TextField
      label="Scan copy"
      placeholder="Scan or type a copy’s barcode or accession number"
      helperText={RETURN_SCAN_MESSAGES.hint}
      error={scan.message ?? undefined}
      value={scan.text}
      autoComplete="off"
      data-autofocus
      aria-busy={scan.scanning || undefined}
      disabled={disabled}
      onChange={(event) => onType(event.target.value)}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        // Enter scans; it never submits the return from here.
        event.preventDefault();
        onScan();
      }}
    />
  );
}
