/**
 * The loan-rules form of Book Settings: maximum books per member, loan period and fine per day
 * (`GET/POST /settings/Books_settings/`, the same row the general settings edit). Read-only with
 * a note without change_librarysettings; what was typed survives a failed save.
 */
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { focusFirstInvalid } from '../../components/focus-first-invalid';
import { Panel, formActions, stack } from '../../components/Panel';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { LoadingState } from '../../components/ui/Spinner';
import { TextField } from '../../components/ui/TextField';
import { toast } from '../../components/ui/Toaster';
import { fetchBookSettings, saveBookSettings } from '../../lib/api/books';
import {
  LOAN_RULES_FIELDS,
  loanRulesBody,
  loanRulesChanged,
  loanRulesToValues,
  validateLoanRules,
  type LoanRulesField,
  type LoanRulesValues,
} from '../../lib/book-settings';
import { bookSettingsFetchErrorMessage, bookSettingsSaveErrorMessage, fieldErrors } from '../../lib/errors';
import { hasFieldErrors, knownFieldErrors, type FieldErrors } from '../../lib/forms';

export function LoanRules({ canSave }: { canSave: boolean }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [saved, setSaved] = useState<LoanRulesValues | null>(null);
  const [values, setValues] = useState<LoanRulesValues | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors<LoanRulesField>>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    fetchBookSettings()
      .then((loaded) => {
        const start = loanRulesToValues(loaded);
        setSaved(start);
        setValues(start);
      })
      .catch((error: unknown) => setLoadError(bookSettingsFetchErrorMessage(error) || 'The loan rules could not be loaded.'));
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

  const bind = (field: LoanRulesField) => ({
    name: field,
    value: values[field],
    error: errors[field],
    disabled: !canSave || saving,
    required: true,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.target.value;
      setValues((current) => (current ? { ...current, [field]: value } : current));
      if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    },
  });

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!values || !canSave) return;
    setSummary(null);
    const found = validateLoanRules(values);
    setErrors(found);
    if (hasFieldErrors(found)) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setSaving(true);
    try {
      const answer = await saveBookSettings(loanRulesBody(values));
      const next = loanRulesToValues(answer);
      setSaved(next);
      setValues(next);
      toast.success(answer.detail || 'Library settings updated successfully.');
    } catch (failure) {
      setErrors(knownFieldErrors(fieldErrors(failure), LOAN_RULES_FIELDS));
      const message = bookSettingsSaveErrorMessage(failure);
      setSummary(message || (hasFieldErrors(fieldErrors(failure)) ? 'Check the highlighted fields.' : 'The loan rules could not be saved.'));
      focusFirstInvalid(formRef.current);
    } finally {
      setSaving(false);
    }
  }

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
                onClick={() => {
                  setValues(saved);
                  setErrors({});
                  setSummary(null);
                }}
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
