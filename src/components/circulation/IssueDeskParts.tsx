/**
 * The Book issue dialog's parts around its dates: the scan input (a member number, an ISBN, a
 * copy's barcode or a book id, then Enter; an empty Enter submits), the Book and Member pickers of a new loan, and
 * the fixed book and member of an edited loan.
 */
import { bookLabel } from '../../lib/book-picker';
import type { IssuedRecord } from '../../lib/schemas/circulation';
import { scanHint } from '../../lib/issue-flow';
import { BookPicker } from '../book-picker/BookPicker';
import { MemberPicker } from '../member-picker/MemberPicker';
import { TextField } from '../ui/TextField';
import type { IssueFlow } from './use-issue-flow';

/** The scan input's id: focus returns to it after each loan. */
export const SCAN_ID = 'issue-scan';
const BOOK_ID = 'issue-book';

/** The desk's scan input, where focus starts. */
export function IssueScanField({ flow, disabled }: { flow: IssueFlow; disabled: boolean }) {
  const { desk } = flow;
  return (
    <TextField
      id={SCAN_ID}
      label="Scan"
      placeholder="Scan or type a member number, ISBN, copy barcode or book id"
      helperText={scanHint(desk)}
      error={desk.scanMessage ?? undefined}
      value={desk.scan}
      autoComplete="off"
      data-autofocus
      aria-busy={desk.scanning || undefined}
      disabled={disabled}
      onChange={(event) => flow.typeScan(event.target.value)}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        void flow.scanEntered();
      }}
    />
  );
}

/** The Book and Member pickers of a new loan; a member picked by hand sends focus to the book. */
export function IssuePickers({ flow, disabled }: { flow: IssueFlow; disabled: boolean }) {
  const { desk, errors } = flow;
  return (
    <>
      <BookPicker id={BOOK_ID} picked={desk.book} onPick={flow.chooseBook} error={errors.book} disabled={disabled} />
      <MemberPicker
        label="Member"
        picked={desk.member}
        onPick={(person) => {
          flow.chooseMember(person);
          if (person && !desk.book) window.setTimeout(() => document.getElementById(BOOK_ID)?.focus(), 0);
        }}
        error={errors.member}
        disabled={disabled}
      />
    </>
  );
}

/** The book and member of an edited loan, shown and fixed. */
export function EditedLoanFields({ loan }: { loan: IssuedRecord }) {
  return (
    <>
      <TextField label="Book" value={bookLabel(loan.book)} disabled readOnly />
      <TextField label="Member" value={loan.member.full_name || loan.member.name || String(loan.member.id)} disabled readOnly />
    </>
  );
}
