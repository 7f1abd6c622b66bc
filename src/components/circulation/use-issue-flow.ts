/**
 * The one issuing flow of the Book issue dialog and the reserved-book issue dialog: the form (the
 * one form hook), the desk's picks with the member's figures read afresh on every pick (only the
 * newest answer counts; his loan period moves the due date), the issue date carrying the due date,
 * and the submission: checks, the desk's confirmation, the request of `issueRequest`, the failure's
 * wording by the error catalogue, the notice. The rules are pure in lib/issue-flow; this hook calls the API.
 */
import { useEffect, useReducer, useRef, type FormEvent } from 'react';
import { fetchBook, fetchBookPage } from '../../lib/api/books';
import { fetchMemberIssueSummary, issueBook, updateLoanDueDate } from '../../lib/api/circulation';
import { searchMembers } from '../../lib/api/members';
import { issueReservation } from '../../lib/api/reservations';
import { lookupCopy } from '../../lib/api/copy-lookup';
import { callErrorMessage } from '../../lib/errors';
import { fieldErrors } from '../../lib/error-reading';
import { withIssueDate, type IssueFormValues } from '../../lib/issue-form';
import {
  asksConfirmation,
  deskCheck,
  dueDateWithPeriod,
  emptyDesk,
  issueCallOf,
  issueDeskReducer,
  issuedAccession,
  issueFieldsOf,
  issueNotice,
  issueRequest,
  issueStartValues,
  toastsFailure,
  type IssueDeskAction,
  type IssueDeskState,
  type IssueRequest,
  type IssueTarget,
} from '../../lib/issue-flow';
import type { PickablePerson } from '../../lib/member-picker';
import { copyIssueProblem, resolveDeskScan, type ScannedCopy } from '../../lib/scan-code';
import type { Book } from '../../lib/schemas/books';
import type { MemberIssueSummary } from '../../lib/schemas/circulation';
import { toast } from '../ui/Toaster';
import { useForm } from '../use-form';

/** The desk's state with the site's book, person and summary types. */
export type IssueDesk = IssueDeskState<Book, PickablePerson, MemberIssueSummary>;
type DeskAction = IssueDeskAction<Book, PickablePerson, MemberIssueSummary>;
const reduceDesk = issueDeskReducer as (state: IssueDesk, action: DeskAction) => IssueDesk;

/** Why a send ended without a call: the user said no to the confirmation. */
const DECLINED = Symbol('declined');

const scanCalls = {
  searchMembers: (term: string): Promise<PickablePerson[]> => searchMembers(term),
  searchBooks: async (isbn: string): Promise<Book[]> => (await fetchBookPage({ search: isbn, page_size: 10 })).results,
  fetchBook: (id: string): Promise<Book | null> => fetchBook(id).catch(() => null),
  lookupCopy,
};

/** Sends one request by its call; answers what the server answered. */
async function send(request: IssueRequest): Promise<unknown> {
  if (request.call === 'issue-book') return issueBook(request.payload);
  if (request.call === 'update-loan') return updateLoanDueDate(request.loanId, request.dueDate);
  return issueReservation(request.reservationId, request.body);
}

/** What the flow needs: what it issues, the library's today, and whether a call is under way is told. */
export interface IssueFlowOptions {
  target: IssueTarget;
  today: string;
  dateFormat?: string | null | undefined;
  onBusy: (busy: boolean) => void;
  /** Asked before a desk loan is sent; false stops the send quietly. */
  confirm?: () => Promise<boolean>;
}

/** The issue form's state and steps; see the module comment. */
export function useIssueFlow({ target, today, dateFormat, onBusy, confirm }: IssueFlowOptions) {
  const form = useForm<IssueFormValues>({ initial: issueStartValues(target, today) });
  const { values, setValue, submit, reset } = form;
  const [desk, dispatch] = useReducer(reduceDesk, undefined, () => emptyDesk<Book, PickablePerson, MemberIssueSummary>());
  const picks = useRef(0);
  const current = useRef(values);
  current.current = values;

  useEffect(() => onBusy(form.saving), [form.saving]);
  useEffect(() => () => onBusy(false), []);

  /** Reads the member's figures for pick `pick`; his loan period moves the due date. */
  function readFigures(memberId: string | number, pick: number) {
    fetchMemberIssueSummary(memberId)
      .then((summary) => {
        if (pick !== picks.current) return;
        dispatch({ type: 'summary', pick, summary });
        if (current.current) setValue('due_date', dueDateWithPeriod(current.current, summary.loan_period_days));
      })
      .catch((failure: unknown) => dispatch({ type: 'summary-failed', pick, message: callErrorMessage('member-issue-summary', failure) }));
  }

  // A reservation's member is known from the start.
  useEffect(() => {
    if (target.kind === 'reservation' && target.member !== null) readFigures(target.member, picks.current);
    return () => {
      picks.current += 1;
    };
  }, []);

  function chooseMember(person: PickablePerson | null) {
    const pick = ++picks.current;
    dispatch({ type: 'pick-member', member: person, pick });
    setValue('member', person ? String(person.id) : '');
    if (person) readFigures(person.id, pick);
  }

  function chooseBook(book: Book | null) {
    dispatch({ type: 'pick-book', book });
    setValue('book', book ? String(book.id) : '');
  }

  function changeIssueDate(issueDate: string) {
    if (!values) return;
    const next = withIssueDate(values, issueDate, desk.memberSummary?.loan_period_days);
    setValue('issue_date', next.issue_date);
    setValue('due_date', next.due_date);
  }

  /** Ready for the next desk loan: same issue day, nothing picked. */
  function startNextLoan(issueDate: string) {
    const pick = ++picks.current;
    reset(issueStartValues({ kind: 'desk' }, issueDate));
    dispatch({ type: 'next-loan', pick });
  }

  /** A scanned copy: refused at once when it may not go to the member picked, else it picks its title and itself. */
  async function chooseCopy(copy: ScannedCopy, code: string) {
    const problem = copyIssueProblem(copy, desk.member?.id);
    if (problem) return dispatch({ type: 'scan-missed', message: problem });
    const book = await fetchBook(copy.book.id);
    dispatch({ type: 'scan-found', code });
    dispatch({ type: 'pick-copy', copy, book });
    setValue('book', String(book.id));
  }

  /** Resolves what was scanned or typed at the desk to a member, a copy or a book pick; an empty scan submits. */
  async function scanEntered() {
    const code = desk.scan.trim();
    if (!code) {
      form.formRef.current?.requestSubmit();
      return;
    }
    dispatch({ type: 'scan-started' });
    try {
      const found = await resolveDeskScan(code, scanCalls);
      if (found.kind === 'none') return dispatch({ type: 'scan-missed', message: found.message });
      if (found.kind === 'copy') return await chooseCopy(found.copy, code);
      dispatch({ type: 'scan-found', code });
      if (found.kind === 'member') chooseMember(found.member);
      else chooseBook(found.book);
    } catch (failure) {
      dispatch({ type: 'scan-missed', message: callErrorMessage('member-search', failure) });
    }
  }

  /** Checks, confirms (desk), sends; resolves true after a success, whose notice is shown. */
  async function submitIssue(event: FormEvent<HTMLFormElement> | null): Promise<boolean> {
    const call = issueCallOf(target);
    const copy = desk.copy;
    let answer: unknown = null;
    const done = await submit(event, {
      validate: deskCheck(target, today, copy),
      fields: issueFieldsOf(target),
      summary: (failure, shown) => (failure === DECLINED || shown ? null : callErrorMessage(call, failure)),
      send: async (sent) => {
        if (asksConfirmation(target) && confirm && !(await confirm())) throw DECLINED;
        answer = await send(issueRequest(target, sent, copy)).catch((failure: unknown) => {
          if (toastsFailure(target)) toast.error(callErrorMessage(call, failure));
          // The server's refusal of the scanned copy (held for another, not on the shelf) shows at the scan input too.
          const copyRefused = fieldErrors(failure).copy;
          if (copyRefused) dispatch({ type: 'scan-missed', message: copyRefused });
          throw failure;
        });
      },
    });
    if (done && values) toast.success(issueNotice(target, values, dateFormat, issuedAccession(answer, copy)));
    return done;
  }

  const typeScan = (text: string) => dispatch({ type: 'scan-typed', text });
  const setDueDate = (due: string) => setValue('due_date', due);
  return { ...form, desk, chooseMember, chooseBook, changeIssueDate, setDueDate, typeScan, scanEntered, startNextLoan, submitIssue };
}

/** The issue flow one dialog holds. */
export type IssueFlow = ReturnType<typeof useIssueFlow>;
