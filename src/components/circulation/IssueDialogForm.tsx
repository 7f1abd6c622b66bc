/**
 * The Book issue dialog's content (see IssueDialog.tsx), scan-first: focus starts in one input
 * that takes a member number, an ISBN or a book id as a scanner types it (then Enter); a member
 * number picks the member, an ISBN or id the book. With both picked, Enter submits and Enter
 * confirms, so issuing needs no mouse. Issue Date (the library's today), Due Date (issue date +
 * the member's loan period, 3 days until a member is chosen; it moves with the issue date), Book
 * and Member pickers; it shows the book's available copies, the member's issued count against his
 * limit and his fine. A confirmation (the defaulter's when he owes) precedes the call. In edit mode
 * only the due date changes (Update).
 *
 * Every state of the dialog lives here, and this component lives only while the dialog is open
 * (the modal unmounts its content when it closes): each opening starts with nothing picked, and a
 * closed dialog keeps nothing. A pick is made in one place (`chooseBook`, `chooseMember`), which
 * sets what the field shows and what Submit sends together; after a loan the next one starts from
 * `NOTHING_PICKED`. The member's figures are read afresh on every pick, the newest pick's answer
 * alone is shown.
 */
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { css } from 'styled-system/css';
import { fetchBook, fetchBookPage } from '../../lib/api/books';
import { fetchMemberIssueSummary, issueBook, updateLoanDueDate } from '../../lib/api/circulation';
import { searchMembers } from '../../lib/api/members';
import { bookLabel } from '../../lib/book-picker';
import { formatDate } from '#shared/dates';
import { callErrorMessage } from '../../lib/errors';
import { ISSUE_FIELDS, dueDateFor, issueChecks, issueConfirmation, issueDefaults, issuePayload, withIssueDate, type IssueFormValues } from '../../lib/issue-form';
import type { PickablePerson } from '../../lib/member-picker';
import { NOTICES } from '../../lib/notices';
import { SCAN_MESSAGES, resolveCode } from '../../lib/scan';
import type { Book } from '../../lib/schemas/books';
import type { IssuedRecord, MemberIssueSummary } from '../../lib/schemas/circulation';
import { BookPicker } from '../book-picker/BookPicker';
import { ConfirmDialog } from '../ConfirmDialog';
import { MemberPicker } from '../member-picker/MemberPicker';
import { dialogActions } from '../Modal';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { toast } from '../ui/Toaster';
import { useForm } from '../use-form';
import { IssueDateFields } from './IssueDateFields';
import { IssueFacts } from './IssueFacts';

/** What the content needs from the dialog: the loan to edit (or none), dates, and how to close. */
export interface IssueDialogFormProps {
  /** The loan whose due date is edited; null issues a new loan. */
  editing: IssuedRecord | null;
  today: string;
  dateFormat: string | null | undefined;
  /** A loan was issued or changed: the list reloads. */
  onSaved: () => void;
  onClose: () => void;
  /** Whether a call is under way (the dialog may not close meanwhile). */
  onBusy: (busy: boolean) => void;
}

/** What the desk has picked for the next loan, with the member's figures read for that pick. */
interface Picks {
  book: Book | null;
  member: PickablePerson | null;
  memberSummary: MemberIssueSummary | null;
  summaryError: string | null;
}

const NOTHING_PICKED: Picks = { book: null, member: null, memberSummary: null, summaryError: null };

const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' });
const stack = css({ display: 'flex', flexDirection: 'column', gap: '4', mt: '3' });

/** Why a send ended without a call: the user said no to the confirmation. */
const DECLINED = Symbol('declined');

const SCAN_ID = 'issue-scan';
const BOOK_ID = 'issue-book';

const scanCalls = {
  searchMembers: (term: string): Promise<PickablePerson[]> => searchMembers(term),
  searchBooks: async (isbn: string): Promise<Book[]> => (await fetchBookPage({ search: isbn, page_size: 10 })).results,
  fetchBook: (id: string): Promise<Book | null> => fetchBook(id).catch(() => null),
};

const editValues = (loan: IssuedRecord): IssueFormValues => ({ issue_date: loan.issue_date.slice(0, 10), due_date: loan.due_date.slice(0, 10), book: String(loan.book.id), member: String(loan.member.id) });

export function IssueDialogForm({ editing, today, dateFormat, onSaved, onClose, onBusy }: IssueDialogFormProps) {
  const form = useForm<IssueFormValues>({ initial: editing ? editValues(editing) : issueDefaults(today) });
  const { values, errors, summary, saving, setValue, submit, reset, formRef } = form;
  const [picks, setPicks] = useState<Picks>(NOTHING_PICKED);
  const { book, member, memberSummary, summaryError } = picks;
  const [scan, setScan] = useState('');
  const [scanMessage, setScanMessage] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const [asking, setAsking] = useState(false);
  const answer = useRef<((go: boolean) => void) | null>(null);
  // Counts member picks: a summary answers only if its member is still the one picked.
  const memberPick = useRef(0);
  const [refocus, setRefocus] = useState(0);

  useEffect(() => onBusy(saving), [saving]);
  useEffect(() => () => onBusy(false), []);

  // After a loan, back to the scan input once it is enabled again and the confirmation has handed focus back.
  useEffect(() => {
    if (refocus === 0) return;
    const timer = window.setTimeout(() => document.getElementById(SCAN_ID)?.focus(), 150);
    return () => window.clearTimeout(timer);
  }, [refocus]);

  const loanPeriod = memberSummary?.loan_period_days;

  function chooseMember(person: PickablePerson | null) {
    const pick = ++memberPick.current;
    setPicks((now) => ({ ...now, member: person, memberSummary: null, summaryError: null }));
    setValue('member', person ? String(person.id) : '');
    if (!person) return;
    fetchMemberIssueSummary(person.id)
      .then((found) => {
        if (pick !== memberPick.current) return;
        setPicks((now) => ({ ...now, memberSummary: found }));
        // The member's own loan period replaces the default 3 days.
        setValue('due_date', dueDateFor(values?.issue_date ?? today, found.loan_period_days) || (values?.due_date ?? ''));
      })
      .catch((failure: unknown) => {
        if (pick === memberPick.current) setPicks((now) => ({ ...now, summaryError: callErrorMessage('member-issue-summary', failure) }));
      });
  }

  function chooseBook(picked: Book | null) {
    setPicks((now) => ({ ...now, book: picked }));
    setValue('book', picked ? String(picked.id) : '');
  }

  /** Ready for the next loan at once: same issue day, nothing picked, focus back in the scan input. */
  function startNextLoan(issueDate: string) {
    memberPick.current += 1;
    reset(issueDefaults(issueDate));
    setPicks(NOTHING_PICKED);
    setScan('');
    setScanMessage(null);
    setRefocus((n) => n + 1);
  }

  function changeIssueDate(issueDate: string) {
    if (!values) return;
    const next = withIssueDate(values, issueDate, loanPeriod);
    setValue('issue_date', next.issue_date);
    setValue('due_date', next.due_date);
  }

  async function onScanKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const code = scan.trim();
    // An empty Enter is the desk's "go": submit what is picked.
    if (!code) {
      formRef.current?.requestSubmit();
      return;
    }
    setScanning(true);
    try {
      const found = await resolveCode(code, scanCalls);
      if (found.kind === 'none') {
        setScanMessage(found.message);
        return;
      }
      setScan('');
      setScanMessage(null);
      if (found.kind === 'member') chooseMember(found.member);
      else chooseBook(found.book);
    } catch (failure) {
      setScanMessage(callErrorMessage('member-search', failure));
    } finally {
      setScanning(false);
    }
  }

  /** Asks the confirmation; resolves with the answer. */
  const confirmIssue = () =>
    new Promise<boolean>((resolve) => {
      answer.current = resolve;
      setAsking(true);
    });

  const settle = (go: boolean) => {
    answer.current?.(go);
    answer.current = null;
    setAsking(false);
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    const done = await submit(event, {
      validate: issueChecks(today, editing !== null),
      fields: ISSUE_FIELDS,
      summary: (failure, shown) => (failure === DECLINED || shown ? null : callErrorMessage(editing ? 'update-loan' : 'issue-book', failure)),
      send: async (sent) => {
        if (editing) {
          await updateLoanDueDate(editing.id, sent.due_date).catch((failure: unknown) => {
            toast.error(callErrorMessage('update-loan', failure));
            throw failure;
          });
          return;
        }
        if (!(await confirmIssue())) throw DECLINED;
        await issueBook(issuePayload(sent)).catch((failure: unknown) => {
          toast.error(callErrorMessage('issue-book', failure));
          throw failure;
        });
      },
    });
    if (!done) return;
    onSaved();
    if (editing) {
      toast.success(NOTICES.dueDateUpdated(editing.book.title, formatDate(values?.due_date, dateFormat) ?? ''));
      onClose();
      return;
    }
    toast.success(NOTICES.bookIssued);
    startNextLoan(values?.issue_date || today);
  }

  const blocked = !values || saving;

  return (
    <>
      <form ref={formRef} noValidate onSubmit={(event) => void onSubmit(event)} className={stack}>
        {summary && <Alert tone="error">{summary}</Alert>}
        {!editing && (
          <TextField
            id={SCAN_ID}
            label="Scan"
            placeholder="Scan or type a member number, ISBN or book id"
            helperText={member && !book ? 'Member picked: now scan the book.' : book && !member ? 'Book picked: now scan the member number.' : SCAN_MESSAGES.empty}
            error={scanMessage ?? undefined}
            value={scan}
            autoComplete="off"
            data-autofocus
            aria-busy={scanning || undefined}
            disabled={blocked}
            onChange={(event) => {
              setScan(event.target.value);
              setScanMessage(null);
            }}
            onKeyDown={(event) => void onScanKey(event)}
          />
        )}
        <div className={grid}>
          <IssueDateFields
            issueDate={values?.issue_date ?? ''}
            dueDate={values?.due_date ?? ''}
            errors={errors}
            onIssueDate={changeIssueDate}
            onDueDate={(value) => setValue('due_date', value)}
            disabled={blocked}
            issueDateLocked={Boolean(editing)}
          />
          {editing ? (
            <>
              <TextField label="Book" value={bookLabel(editing.book)} disabled readOnly />
              <TextField label="Member" value={editing.member.full_name || editing.member.name || String(editing.member.id)} disabled readOnly />
            </>
          ) : (
            <>
              <BookPicker id={BOOK_ID} picked={book} onPick={chooseBook} error={errors.book} disabled={blocked} />
              <MemberPicker
                label="Member"
                picked={member}
                onPick={(person) => {
                  chooseMember(person);
                  // Picked by hand: the book is next.
                  if (person && !book) window.setTimeout(() => document.getElementById(BOOK_ID)?.focus(), 0);
                }}
                error={errors.member}
                disabled={blocked}
              />
            </>
          )}
        </div>
        {!editing && <IssueFacts book={book} summary={memberSummary} summaryError={summaryError} memberChosen={member !== null} />}
        <div className={dialogActions}>
          <Button variant="outline" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving} loadingText={editing ? 'Updating…' : 'Issuing…'} aria-keyshortcuts="Enter" title="Enter">
            {editing ? 'Update' : 'Submit'}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={asking}
        onOpenChange={(next) => {
          if (!next) settle(false);
        }}
        title={issueConfirmation(memberSummary?.member)}
        confirmLabel="Issue"
        tone={memberSummary?.member.isDefaulter ? 'danger' : 'neutral'}
        focusConfirm
        onConfirm={() => settle(true)}
      />
    </>
  );
}
