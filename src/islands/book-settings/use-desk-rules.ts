/**
 * The load and save flow every desk-rules panel of Book Settings shares (Blocks, Lost copies,
 * Calendar): the book settings read into the panel's values, a save that repeats the loan rules read
 * just before it (so panels never undo each other's changes), the server's answer as the new saved
 * values, and what was typed kept on a failed save. The panel's rules live in `lib/book-settings-desk`.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '../../components/ui/Toaster';
import { useForm } from '../../components/use-form';
import { fetchBookSettings, saveBookSettings } from '../../lib/api/settings';
import type { LoanRulesAnswer } from '../../lib/accession-settings';
import { bookSettingsSaveErrorMessage, callErrorMessage } from '../../lib/errors';
import type { FieldErrors } from '../../lib/forms';
import { summaryOr } from '../../lib/forms';
import { NOTICES } from '../../lib/notices';
import type { BookSettings } from '../../lib/schemas/books';

/** One panel's rules: its values from the answer, its checks, its body and its failure wording. */
export interface DeskRulesPanel<V, F extends string> {
  toValues: (settings: BookSettings) => V;
  validate: (values: V) => FieldErrors<F>;
  body: (values: V, rules: LoanRulesAnswer) => Parameters<typeof saveBookSettings>[0];
  fields: readonly F[];
  notSaved: string;
}

export function useDeskRules<V extends Record<F, string>, F extends keyof V & string>(panel: DeskRulesPanel<V, F>, canSave: boolean) {
  const form = useForm<V, F>({ initial: null, canSave });
  const [saved, setSaved] = useState<V | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    fetchBookSettings()
      .then((loaded) => {
        const start = panel.toValues(loaded);
        setSaved(start);
        form.reset(start);
      })
      .catch((error: unknown) => setLoadError(callErrorMessage('loan-rules-load', error)));
  }, []);

  const save = (event: FormEvent<HTMLFormElement>) =>
    form.submit(event, {
      validate: panel.validate,
      send: async (current) => {
        const rules = await fetchBookSettings();
        const answer = await saveBookSettings(panel.body(current, rules));
        const next = panel.toValues(answer);
        setSaved(next);
        form.reset(next);
        toast.success(answer.detail || NOTICES.settingsUpdated);
      },
      fields: panel.fields,
      summary: (failure, fieldErrorsShown) => summaryOr(bookSettingsSaveErrorMessage(failure), fieldErrorsShown, panel.notSaved),
    });

  const dirty = form.values !== null && saved !== null && panel.fields.some((field) => form.values![field].trim() !== saved[field].trim());
  const resetToSaved = () => form.reset(saved);
  /** What every panel's frame takes from this hook (the frame's props but its title, intro, label and fields). */
  const frame = {
    loadError,
    loaded: form.values !== null && saved !== null,
    canSave,
    saving: form.saving,
    dirty,
    summary: form.summary,
    formRef: form.formRef,
    onSubmit: save,
    onReset: resetToSaved,
  };
  return { form, saved, loadError, save, dirty, resetToSaved, frame };
}
