/**
 * The loan-rules form of Book Settings: maximum books per member, loan period and fine per day
 * (`GET/POST /settings/Books_settings/`, the same row the general settings edit). Read-only with
 * a note without change_librarysettings; what was typed survives a failed save.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { Panel, formActions, stack } from '../../components/Panel';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { LoadingState } from '../../components/ui/Spinner';
import { TextField } from '../../components/ui/TextField';
import { toast } from '../../components/ui/Toaster';
import { useForm } from '../../components/use-form';
import { fetchBookSettings, saveBookSettings } from '../../lib/api/settings';
import {
  LOAN_RULES_FIELDS,
  loanRulesBody,
  loanRulesChanged,
  loanRulesToValues,
  validateLoanRules,
  type LoanRulesField,
  type LoanRulesValues,
} from '../../lib/book-settings';
import { bookSettingsSaveErrorMessage, callErrorMessage } from '../../lib/errors';
import { FORM_MESSAGES, summaryOr } from '../../lib/forms';

export function LoanRules({ canSave }: { canSave: boolean }) {
  const form = useForm<LoanRulesValues, LoanRulesField>({ initial: null, canSave });
  const { formRef, values, reset, summary, saving } = form;
  const [saved, setSaved] = useState<LoanRulesValues | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    fetchBookSettings()
      .then((loaded) => {
        const start = loanRulesToValues(loaded);
        setSaved(start);
        reset(start);
      })
      .catch((error: unknown) => setLoadError(callErrorMessage('loan-rules-load', error)));
  }, []);

  const intro = 'How many books a member may hold, how long a loan lasts and the fine for each late day. General Settings shows the same values.';

  if (loadError) {
    return (
      <Panel title="Loan rules" intro={intro}>
        <Alert tone="error" title="Loan rules unavailable">
          {loadError}
        </Alert>
      </Panel>
    );
  }
  if (!values || !saved) {
    return (
      <Panel title="Loan rules" intro={intro}>
        <LoadingState text="Loading..." />
      </Panel>
    );
  }

  const bind = (field: LoanRulesField) => ({ ...form.bind(field), required: true });

  const save = (event: FormEvent<HTMLFormElement>) =>
    form.submit(event, {
      validate: validateLoanRules,
      send: async (current) => {
        const answer = await saveBookSettings(loanRulesBody(current));
        const next = loanRulesToValues(answer);
        setSaved(next);
        reset(next);
        toast.success(answer.detail || 'Library settings updated successfully.');
      },
      fields: LOAN_RULES_FIELDS,
      summary: (failure, fieldErrorsShown) => summaryOr(bookSettingsSaveErrorMessage(failure), fieldErrorsShown, FORM_MESSAGES.loanRulesNotSaved),
    });

  const dirty = loanRulesChanged(values, saved);

  return (
    <Panel title="Loan rules" intro={intro}>
      <form ref={formRef} onSubmit={save} noValidate className={stack} aria-busy={saving || undefined} aria-label="Loan rules">
        {!canSave && (
          <Alert tone="info" title="Read only">
            You can see the loan rules, but changing them needs the “Change library settings” permission.
          </Alert>
        )}
        {summary && <Alert tone="error">{summary}</Alert>}
        <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(3, 1fr)' }, gap: '5' })}>
          <TextField label="Maximum books per member" inputMode="numeric" helperText="Books one member may hold at once." {...bind('max_books_per_member')} />
          <TextField label="Loan period (days)" inputMode="numeric" helperText="Days from issue to due date." {...bind('max_issue_duration')} />
          <TextField label="Fine per day (Rs.)" inputMode="decimal" helperText="Charged for each day a book is late." {...bind('fine_per_day')} />
        </div>
        {canSave && (
          <div className={formActions}>
            {dirty && !saving && (
              <Button
                variant="ghost"
                onClick={() => reset(saved)}
              >
                Reset
              </Button>
            )}
            <Button type="submit" loading={saving} loadingText="Saving..." className={css({ minW: '10rem' })}>
              Save loan rules
            </Button>
          </div>
        )}
      </form>
    </Panel>
  );
}
