/**
 * The accession settings of Book Settings: the accession numbers' prefix and digits, the next
 * number of the sequence (with a preview of the number the next copy takes) and the sheet spine
 * labels print on. A save repeats the loan rules read just before it, so the two panels never undo
 * each other's changes. Read-only with a note without change_librarysettings.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { Panel, formActions, stack } from '../../components/Panel';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { SelectField } from '../../components/ui/SelectField';
import { LoadingState } from '../../components/ui/Spinner';
import { TextField } from '../../components/ui/TextField';
import { toast } from '../../components/ui/Toaster';
import { useForm } from '../../components/use-form';
import { fetchBookSettings, saveBookSettings } from '../../lib/api/settings';
import {
  ACCESSION_FIELDS,
  accessionBody,
  accessionChanged,
  accessionToValues,
  LABEL_SHEET_OPTIONS,
  nextAccessionPreview,
  validateAccession,
  type AccessionField,
  type AccessionValues,
} from '../../lib/accession-settings';
import { bookSettingsSaveErrorMessage, callErrorMessage } from '../../lib/errors';
import { FORM_MESSAGES, summaryOr } from '../../lib/forms';
import { NOTICES } from '../../lib/notices';

const TITLE = 'Accession numbers and labels';
const INTRO = 'Every new copy takes the next accession number; its barcode is that number unless changed. Spine labels print on the sheet chosen here.';

export function AccessionSettings({ canSave }: { canSave: boolean }) {
  const form = useForm<AccessionValues, AccessionField>({ initial: null, canSave });
  const { formRef, values, reset, summary, saving } = form;
  const [saved, setSaved] = useState<AccessionValues | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    fetchBookSettings()
      .then((loaded) => {
        const start = accessionToValues(loaded);
        setSaved(start);
        reset(start);
      })
      .catch((error: unknown) => setLoadError(callErrorMessage('accession-settings-load', error)));
  }, []);

  if (loadError) {
    return (
      <Panel title={TITLE} intro={INTRO}>
        <Alert tone="error" title="Accession settings unavailable">
          {loadError}
        </Alert>
      </Panel>
    );
  }
  if (!values || !saved) {
    return (
      <Panel title={TITLE} intro={INTRO}>
        <LoadingState text="Loading..." />
      </Panel>
    );
  }

  const save = (event: FormEvent<HTMLFormElement>) =>
    form.submit(event, {
      validate: validateAccession,
      send: async (current) => {
        // The loan rules as they are now: the server wants them with every save.
        const rules = await fetchBookSettings();
        const answer = await saveBookSettings(accessionBody(current, rules));
        const next = accessionToValues(answer);
        setSaved(next);
        reset(next);
        toast.success(answer.detail || NOTICES.settingsUpdated);
      },
      fields: ACCESSION_FIELDS,
      summary: (failure, fieldErrorsShown) => summaryOr(bookSettingsSaveErrorMessage(failure), fieldErrorsShown, FORM_MESSAGES.accessionSettingsNotSaved),
    });

  const preview = nextAccessionPreview(values);

  return (
    <Panel title={TITLE} intro={INTRO}>
      <form ref={formRef} onSubmit={save} noValidate className={stack} aria-busy={saving || undefined} aria-label={TITLE}>
        {!canSave && (
          <Alert tone="info" title="Read only">
            You can see the accession settings, but changing them needs the “Change library settings” permission.
          </Alert>
        )}
        {summary && <Alert tone="error">{summary}</Alert>}
        <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)' }, gap: '5' })}>
          <TextField label="Accession number prefix" autoComplete="off" spellCheck={false} helperText="Letters, digits and . / _ - (may be empty)." {...form.bind('accession_prefix')} />
          <TextField label="Digits" inputMode="numeric" required helperText="The number is padded with zeros to this length." {...form.bind('accession_digits')} />
          <TextField
            label="Next accession number"
            inputMode="numeric"
            required
            helperText={preview ? `The next new copy will be ${preview}. Numbers already used are skipped.` : 'Numbers already used are skipped.'}
            {...form.bind('next_accession_number')}
          />
          <SelectField label="Label sheet" options={LABEL_SHEET_OPTIONS} helperText="The A4 sheet spine labels print on." {...form.bind('label_sheet')} />
        </div>
        {canSave && (
          <div className={formActions}>
            {accessionChanged(values, saved) && !saving && (
              <Button variant="ghost" onClick={() => reset(saved)}>
                Reset
              </Button>
            )}
            <Button type="submit" loading={saving} loadingText="Saving..." className={css({ minW: '10rem' })}>
              Save accession settings
            </Button>
          </div>
        )}
      </form>
    </Panel>
  );
}
