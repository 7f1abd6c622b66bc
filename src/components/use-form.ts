/**
 * The one form hook every form uses, whether its values start known (sign-in, registration) or
 * load first (settings, profiles: start with `null`, then `reset(loaded)`). It holds the values,
 * the field errors, the summary and the saving flag (the pure `formReducer` of lib/forms), gives
 * a `bind` for text inputs and selects (a change clears that field's error), and `submit`:
 * validate → focus the first invalid field → send → on failure show the server's field errors and
 * the call's error-message summary, keeping everything typed.
 */
import { useReducer, useRef, type ChangeEvent, type FormEvent } from 'react';
import { fieldErrors } from '../lib/error-reading';
import { failedSubmission, formReducer, formState, hasFieldErrors, type FieldErrors, type FormAction, type FormState } from '../lib/forms';
import { focusFirstInvalid } from './focus-first-invalid';

/** How one form is sent and what its failure shows. */
export interface SubmitSteps<V, E extends string> {
  /** Client checks; the form is not sent while one fails. */
  validate?: (values: V) => FieldErrors<E>;
  /** Sends the values; resolves when done (the caller applies the answer). */
  send: (values: V) => Promise<void>;
  /** Fields whose server errors show under them; the others are left to the summary. */
  fields: readonly E[];
  /** The summary of a failed send by the call's error-message rule (empty or null for none). */
  summary: (failure: unknown, fieldErrorsShown: boolean) => string | null;
  /** A one-field form shows the summary under this field instead of above the form. */
  summaryField?: E;
}

/** Options of a form: its start values (null while they load) and whether it may be saved. */
export interface FormOptions<V> {
  initial: V | null;
  /** False shows the form read-only (no permission to save). */
  canSave?: boolean;
}

/** The state and submit flow of one form; see the module comment. */
export function useForm<V extends Record<F, string>, F extends keyof V & string = keyof V & string, E extends string = F>({
  initial,
  canSave = true,
}: FormOptions<V>) {
  const formRef = useRef<HTMLFormElement>(null);
  const [state, dispatch] = useReducer(
    formReducer as (state: FormState<V, E>, action: FormAction<V, E>) => FormState<V, E>,
    initial,
    (values) => formState<V, E>(values),
  );
  const { values, errors, summary, saving } = state;
  const disabled = !canSave || saving;

  /** Sets one value (for controls that are not plain inputs); clears that field's error. */
  const setValue = <K extends F>(field: K, value: V[K]) => dispatch({ type: 'change', field, value });

  /** Shows (or clears) one field's error, e.g. a file rejected on choosing it. */
  const setFieldError = (field: E, message: string | undefined) => dispatch({ type: 'set-error', field, message });

  /** Props of a text input or select: name, value, error, disabled and onChange. */
  const bind = (field: F & E) => ({
    name: field,
    value: values?.[field] ?? '',
    error: errors[field],
    disabled,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      setValue(field, event.target.value as V[F]),
  });

  async function submit(event: FormEvent<HTMLFormElement> | null, steps: SubmitSteps<V, E>): Promise<boolean> {
    event?.preventDefault();
    if (!values || !canSave || saving) return false;
    const found = steps.validate?.(values) ?? {};
    if (hasFieldErrors(found)) {
      dispatch({ type: 'invalid', errors: found });
      focusFirstInvalid(formRef.current);
      return false;
    }
    dispatch({ type: 'sending' });
    try {
      await steps.send(values);
      dispatch({ type: 'done' });
      return true;
    } catch (failure) {
      const shown = failedSubmission(fieldErrors(failure), steps.fields, (fieldErrorsShown) => steps.summary(failure, fieldErrorsShown), steps.summaryField);
      dispatch({ type: 'failed', ...shown });
      focusFirstInvalid(formRef.current);
      return false;
    }
  }

  /** Puts the form back to `next` (loaded or saved values) with no errors. */
  const reset = (next: V | null) => dispatch({ type: 'reset', values: next });

  return { formRef, values, errors, summary, saving, disabled, bind, setValue, setFieldError, submit, reset };
}
