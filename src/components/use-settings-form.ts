/**
 * The state and submit flow of an edit form that loads its values first (General Settings, Loan
 * Rules): values (null until loaded), field errors, the summary, the saving flag, a `bind` for text
 * inputs and selects (a change clears that field's error), and `submit`, which validates, moves
 * focus to the first invalid field, sends, and on failure shows the server's field errors and
 * summary without losing what was typed.
 */
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { hasFieldErrors, type FieldErrors } from '../lib/forms';
import { focusFirstInvalid } from './focus-first-invalid';

export interface SubmitSteps<V, E extends string> {
  validate: (values: V) => FieldErrors<E>;
  /** Sends the values; resolves when saved (the caller applies the answer). */
  send: (values: V) => Promise<void>;
  /** The field errors and summary a failed save shows. */
  failed: (failure: unknown) => { errors: FieldErrors<E>; summary: string | null };
}

export function useSettingsForm<V extends Record<F, string>, F extends string, E extends string = F>(canSave: boolean) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<V | null>(null);
  const [errors, setErrors] = useState<FieldErrors<E>>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const disabled = !canSave || saving;

  /** Clears one field's error (after its value changed). */
  const clearError = (field: E) => setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));

  const bind = (field: F & E) => ({
    name: field,
    value: values?.[field] ?? '',
    error: errors[field],
    disabled,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
      const value = event.target.value;
      setValues((current) => (current ? { ...current, [field]: value } : current));
      clearError(field);
    },
  });

  async function submit(event: FormEvent<HTMLFormElement>, steps: SubmitSteps<V, E>): Promise<void> {
    event.preventDefault();
    if (!values || !canSave || saving) return;
    setSummary(null);
    const found = steps.validate(values);
    setErrors(found);
    if (hasFieldErrors(found)) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setSaving(true);
    try {
      await steps.send(values);
    } catch (failure) {
      const shown = steps.failed(failure);
      setErrors(shown.errors);
      setSummary(shown.summary);
      focusFirstInvalid(formRef.current);
    } finally {
      setSaving(false);
    }
  }

  /** Puts the form back to `next` (loaded or saved values) with no errors. */
  function reset(next: V | null): void {
    setValues(next);
    setErrors({});
    setSummary(null);
  }

  return { formRef, values, setValues, reset, errors, clearError, summary, saving, disabled, bind, submit };
}
