/**
 * The Return Book dialog's picks: the search mode (Book or Member), the primary pick (a book, or
 * a member from the one member picker) and the secondary pick limited to the primary's current
 * loans (`fetchOpenLoans`); "No copy of this book is out" / "This member has no books out" when
 * there is nothing to pick. Only the newest loan list may answer.
 */
import { useEffect, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { fetchOpenLoans } from '../../lib/api/circulation';
import { callErrorMessage } from '../../lib/errors';
import { personLabel } from '../../lib/member-picker';
import { RETURN_MESSAGES, loanFromRecord, secondaryLabel, type ReturnFormAction, type ReturnFormState, type ReturnLoan } from '../../lib/return-form';
import { MemberPicker } from '../member-picker/MemberPicker';
import { SelectField } from '../ui/SelectField';
import { TextField } from '../ui/TextField';
import { ReturnBookPick } from './ReturnBookPick';

type Loans = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; loans: ReturnLoan[] } | { status: 'failed'; message: string };

const modeGroup = css({ display: 'flex', gap: '4', alignItems: 'center', border: 'none', p: '0', m: '0', mt: '2', fontSize: 'sm' });
const modeLegend = css({ float: 'left', mr: '2', fontWeight: 'medium' });
const choice = css({ display: 'inline-flex', alignItems: 'center', gap: '2', cursor: 'pointer' });

export interface ReturnDialogPicksProps {
  state: ReturnFormState;
  dispatch: (action: ReturnFormAction) => void;
  errors: { primary?: string | undefined; loan?: string | undefined };
  disabled: boolean;
  /** The loan the dialog was opened for: its member is shown fixed until the mode or member changes. */
  fixedLoan: ReturnLoan | null;
}

/** Mode switch, primary pick and secondary pick of the return form. */
export function ReturnDialogPicks({ state, dispatch, errors, disabled, fixedLoan }: ReturnDialogPicksProps) {
  const [loans, setLoans] = useState<Loans>({ status: 'idle' });
  const ticket = useRef(0);
  const { mode, primary } = state;
  const fixed = fixedLoan !== null && mode === 'member' && primary?.id === fixedLoan.member.id;

  useEffect(() => {
    const mine = ++ticket.current;
    if (!primary) {
      setLoans({ status: 'idle' });
      return;
    }
    if (fixed) {
      setLoans({ status: 'ready', loans: [fixedLoan] });
    } else setLoans({ status: 'loading' });
    fetchOpenLoans(mode === 'book' ? { book: primary.id } : { member: primary.id })
      .then((records) => {
        if (mine === ticket.current) setLoans({ status: 'ready', loans: records.map(loanFromRecord) });
      })
      .catch((failure: unknown) => {
        if (mine === ticket.current && !fixed) setLoans({ status: 'failed', message: callErrorMessage('issued-list', failure) });
      });
    // The fixed loan is only a stand-in until the member's loans have loaded.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mode, primary?.id]);

  const options = loans.status === 'ready' ? loans.loans : [];
  const nothingOut = loans.status === 'ready' && options.length === 0;
  const secondaryHelp =
    loans.status === 'loading'
      ? 'Loading...'
      : loans.status === 'failed'
        ? loans.message
        : nothingOut
          ? mode === 'book'
            ? RETURN_MESSAGES.noCopyOut
            : RETURN_MESSAGES.noBooksOut
          : primary
            ? undefined
            : mode === 'book'
              ? 'Choose a book first.'
              : 'Choose a member first.';

  return (
    <>
      <fieldset className={modeGroup} disabled={disabled}>
        <legend className={modeLegend}>Search by</legend>
        {(['book', 'member'] as const).map((value) => (
          <label key={value} className={choice}>
            <input type="radio" name="return-mode" value={value} checked={mode === value} onChange={() => dispatch({ type: 'set-mode', mode: value })} />
            {value === 'book' ? 'Book' : 'Member'}
          </label>
        ))}
      </fieldset>
      {mode === 'member' ? (
        fixed ? (
          <TextField label="Member" value={primary?.label ?? ''} readOnly helperText="Switch the search mode to choose another member." />
        ) : (
          <MemberPicker
            key="member"
            label="Member"
            error={errors.primary}
            disabled={disabled}
            onPick={(person) => dispatch({ type: 'pick-primary', pick: person ? { id: String(person.id), label: personLabel(person) } : null })}
          />
        )
      ) : (
        <ReturnBookPick key="book" error={errors.primary} disabled={disabled} onPick={(pick) => dispatch({ type: 'pick-primary', pick })} />
      )}
      <SelectField
        label={mode === 'book' ? 'Issued to' : 'Book'}
        placeholder={nothingOut ? '—' : mode === 'book' ? 'Choose the member' : 'Choose the book'}
        options={options.map((loan) => ({ value: loan.id, label: secondaryLabel(mode, loan) }))}
        value={state.loan?.id ?? ''}
        disabled={disabled || !primary || options.length === 0}
        error={errors.loan ?? (loans.status === 'failed' ? loans.message : undefined)}
        helperText={secondaryHelp}
        onChange={(event) => dispatch({ type: 'pick-loan', loan: options.find((loan) => loan.id === event.target.value) ?? null })}
      />
    </>
  );
}
