/**
 * The Return Book dialog's flow: the pure `returnFormReducer` of lib/return-form (picks, ticks and
 * amounts) started from the loan given or blank on the library's today, the library's rate and the
 * money permission as they arrive, the one form hook's errors, summary and saving flag, the call
 * (`returnBook`) with its toasts, and the recorded outcome from which another return starts.
 * A copy's barcode scanned (lib/return-flow) picks its open loan's member and book at once.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useReducer, useState, type FormEvent } from 'react';
import { fetchOpenLoans, returnBook } from '../../lib/api/circulation';
import { lookupCopy } from '../../lib/api/copy-lookup';
import { formatDate, todayIn } from '#shared/dates';
import { callErrorMessage, errorMessage } from '../../lib/errors';
import { FINE_COLLECTOR_PERMISSION } from '#shared/fines';
import { toMinorUnits } from '#shared/money';
import { NOTICES } from '../../lib/notices';
import { holdsPermission } from '../../lib/permissions';
import { reservationMemberName } from '../../lib/reservations';
import { deskRulesFrom, initialReturnForm, returnFormForLoan, returnFormReducer, returnPayload, validateReturn, type ReturnField, type ReturnFormState, type ReturnLoan } from '../../lib/return-form';
import { emptyReturnScan, returnScanReducer, scannedReturnForm, scannedReturnLoan } from '../../lib/return-flow';
import { SCAN_COPY_MESSAGES } from '../../lib/scan-code';
import type { ReturnAnswer } from '../../lib/schemas/circulation';
import { $librarySettings } from '../../stores/library-settings';
import { $session } from '../../stores/session';
import { toast } from '../ui/Toaster';
import { useForm } from '../use-form';

/** Fields whose server errors show under them; anything else goes above the buttons. */
const SERVER_FIELDS: readonly ReturnField[] = ['returnDate', 'status', 'fine_collected_amount', 'discount', 'discount_reason'];

const NO_VALUES: Record<ReturnField, string> = { primary: '', loan: '', returnDate: '', status: '', fine_collected_amount: '', discount: '', discount_reason: '' };

type Outcome = { answer: ReturnAnswer; loan: ReturnLoan };

/** The return flow of one opening; see the module comment. */
export function useReturnFlow(loan: ReturnLoan | null, onReturned: ((answer: ReturnAnswer, loan: ReturnLoan) => void) | undefined, onBusy: (busy: boolean) => void) {
  const settings = useStore($librarySettings);
  const session = useStore($session);
  const libraryRate = toMinorUnits(settings?.fine_per_day ?? null);
  // Money at a return needs the fines desk's permission; without it the fine is recorded as owed.
  const handlesMoney = session?.role !== 'MEMBER' && holdsPermission(session, FINE_COLLECTOR_PERMISSION);
  const start = (): ReturnFormState => {
    const today = todayIn(settings?.timezone);
    const fresh = loan ? returnFormForLoan(loan, today, libraryRate, handlesMoney) : initialReturnForm(today, 'book', libraryRate, handlesMoney);
    // The fine counts with the server's rules: the calendar, closed days and a lost copy's processing fee.
    return { ...fresh, rules: deskRulesFrom(settings) };
  };
  const [state, dispatch] = useReducer(returnFormReducer, undefined, start);
  // The hook's values are unused (the reducer holds the form); it keeps errors, summary and saving.
  const { formRef, errors, summary, saving, submit, reset } = useForm<Record<ReturnField, string>>({ initial: NO_VALUES });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [scan, scanDispatch] = useReducer(returnScanReducer, emptyReturnScan);
  // The loan a scan picked: its member shows fixed, as for a loan given at opening.
  const [scannedLoan, setScannedLoan] = useState<ReturnLoan | null>(null);

  useEffect(() => onBusy(saving), [saving]);
  useEffect(() => () => onBusy(false), []);

  // The library's rate arrives with the settings (until then DEFAULT_FINE_PER_DAY applies), the
  // permissions with the page's session check: both may come after the dialog opened.
  useEffect(() => dispatch({ type: 'set-library-rate', rate: libraryRate }), [libraryRate]);
  useEffect(() => dispatch({ type: 'set-handles-money', on: handlesMoney }), [handlesMoney]);
  useEffect(() => dispatch({ type: 'set-desk-rules', rules: deskRulesFrom(settings) }), [settings?.calendar, settings?.fines_count_closed_days, settings?.lost_processing_fee]);

  /** Another return in the same opening: the form as it opened. */
  const startAnother = () => {
    dispatch({ type: 'replace', state: start() });
    setScannedLoan(null);
    scanDispatch({ type: 'found' });
    reset(NO_VALUES);
    setOutcome(null);
  };

  // A change clears the errors it may have answered; the checks run again on Submit.
  const change: typeof dispatch = (action) => {
    dispatch(action);
    if (Object.values(errors).some(Boolean) || summary) reset(NO_VALUES);
  };

  /** Looks the scanned code up as a copy and picks its open loan, or says why it cannot. */
  const scanCopy = async () => {
    const code = scan.text.trim();
    if (!code) return;
    scanDispatch({ type: 'started' });
    try {
      const copy = await lookupCopy(code);
      if (!copy) return scanDispatch({ type: 'missed', message: SCAN_COPY_MESSAGES.noCopy(code) });
      const found = scannedReturnLoan(copy, copy.loan ? await fetchOpenLoans({ book: copy.book.id }) : []);
      if (found.kind === 'none') return scanDispatch({ type: 'missed', message: found.message });
      scanDispatch({ type: 'found' });
      setScannedLoan(found.loan);
      change({ type: 'replace', state: scannedReturnForm(state, found.loan) });
    } catch (failure) {
      scanDispatch({ type: 'missed', message: callErrorMessage('issued-list', failure) });
    }
  };
  const typeScan = (text: string) => scanDispatch({ type: 'typed', text });

  const send = async () => {
    const ready = returnPayload(state);
    const returned = state.loan;
    if (!ready || !returned) return;
    try {
      const answer = await returnBook(ready.loanId, ready.payload);
      const held = answer.held_for;
      toast.success(held ? NOTICES.bookReturnedHeld(reservationMemberName(held.member), formatDate(held.hold_until, settings?.date_format)) : NOTICES.bookReturned);
      setOutcome({ answer, loan: returned });
      onReturned?.(answer, returned);
    } catch (failure) {
      toast.error(callErrorMessage('return-book', failure));
      throw failure;
    }
  };

  const submitReturn = (event: FormEvent<HTMLFormElement>) =>
    void submit(event, {
      validate: () => validateReturn(state),
      send,
      fields: SERVER_FIELDS,
      summary: (failure) => errorMessage(failure, ['non_field_errors', 'detail', 'transport'], '') || null,
    });

  return { state, change, formRef, errors, summary, saving, outcome, startAnother, submitReturn, dateFormat: settings?.date_format, scan, typeScan, scanCopy, scannedLoan };
}
