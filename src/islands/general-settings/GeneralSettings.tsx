/**
 * settings/general: the library's name, logo, favicon, default theme, fine rate, time zone, date
 * and time formats and circulation limits. Seeing needs view_librarysettings (the layout guards
 * that); saving needs change_librarysettings, without it the form is read-only with a note.
 * Errors follow the error catalogue (detail, message, else 'Error Updating Settigns'); what was typed survives a failed save.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { ImageUpload } from '../../components/ImageUpload';
import { PageHeader, Panel, fieldGrid, formActions, stack } from '../../components/Panel';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { SelectField } from '../../components/ui/SelectField';
import { LoadingState } from '../../components/ui/Spinner';
import { TextField } from '../../components/ui/TextField';
import { toast } from '../../components/ui/Toaster';
import { useForm } from '../../components/use-form';
import { fetchGeneralSettings, updateGeneralSettings } from '../../lib/api/settings';
import { callErrorMessage, generalSettingsSaveErrorMessage } from '../../lib/errors';
import { KEEP_FILE, type FileChange } from '../../lib/forms';
import {
  DATE_FORMATS,
  GENERAL_SETTINGS_FIELDS,
  generalSettingsFormData,
  settingsToValues,
  timeZoneOptions,
  validateGeneralSettings,
  type GeneralSettingsField,
  type GeneralSettingsValues,
} from '../../lib/general-settings';
import { holdsPermission } from '../../lib/permissions';
import type { GeneralSettings as Settings } from '../../lib/schemas/general-settings';
import { FAVICON_FILE_TYPES } from '#shared/upload-rules';
import { applyLibrarySettings } from '../../stores/library-settings';
import { $session } from '../../stores/session';
import { NOTICES } from '../../lib/notices';

type FileField = 'logo' | 'favicon';

const browserTimeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

export default function GeneralSettings() {
  const session = useStore($session);
  const canSave = holdsPermission(session, 'change_librarysettings');
  const form = useForm<GeneralSettingsValues, GeneralSettingsField, GeneralSettingsField | FileField>({ initial: null, canSave });
  const { formRef, values, reset, errors, summary, saving, bind } = form;
  const [settings, setSettings] = useState<Settings | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [files, setFiles] = useState<Record<FileField, FileChange>>({ logo: KEEP_FILE, favicon: KEEP_FILE });

  useEffect(() => {
    fetchGeneralSettings()
      .then((loaded) => {
        setSettings(loaded);
        reset(settingsToValues(loaded, browserTimeZone()));
      })
      .catch((error: unknown) => setLoadError(callErrorMessage('general-settings-load', error)));
  }, []);

  const zones = useMemo(() => timeZoneOptions(values?.timezone ?? ''), [values?.timezone]);

  if (loadError) {
    return (
      <>
        <PageHeader title="General Settings" />
        <Alert tone="error" title="Settings unavailable">
          {loadError}
        </Alert>
      </>
    );
  }
  if (!values) return <LoadingState text="Loading..." />;

  const bindFile = (field: FileField) => ({
    value: files[field],
    error: errors[field],
    disabled: form.disabled,
    onChange: (change: FileChange) => {
      setFiles((current) => ({ ...current, [field]: change }));
      form.setFieldError(field, undefined);
    },
  });

  const save = (event: FormEvent<HTMLFormElement>) =>
    form.submit(event, {
      validate: validateGeneralSettings,
      send: async (current) => {
        const saved = await updateGeneralSettings(generalSettingsFormData(current, files));
        setSettings(saved);
        reset(settingsToValues(saved, browserTimeZone()));
        setFiles({ logo: KEEP_FILE, favicon: KEEP_FILE });
        await applyLibrarySettings(saved);
        toast.success(NOTICES.settingsUpdated);
      },
      fields: [...GENERAL_SETTINGS_FIELDS, 'logo', 'favicon'],
      summary: generalSettingsSaveErrorMessage,
    });

  return (
    <>
      <PageHeader title="General Settings">The library's name, branding, fines and formats, used on every page.</PageHeader>
      <form ref={formRef} onSubmit={save} noValidate className={stack} aria-busy={saving || undefined}>
        {!canSave && (
          <Alert tone="info" title="Read only">
            You can see these settings, but changing them needs the “Change library settings” permission.
          </Alert>
        )}
        {summary && <Alert tone="error">{summary}</Alert>}
        <Panel title="Branding" intro="The name shows in the sidebar and the browser tab; the favicon in the tab.">
          <div className={stack}>
            <TextField label="Library name" required maxLength={100} {...bind('library_name')} />
            <div className={fieldGrid}>
              <ImageUpload label="Logo" currentUrl={settings?.logo} {...bindFile('logo')} />
              <ImageUpload label="Favicon" currentUrl={settings?.favicon} types={FAVICON_FILE_TYPES} {...bindFile('favicon')} />
            </div>
            <SelectField
              label="Default theme"
              helperText="Each user can still switch for themselves."
              options={[
                { value: 'dark', label: 'Dark' },
                { value: 'light', label: 'Light' },
              ]}
              {...bind('theme')}
            />
          </div>
        </Panel>
        <Panel title="Fines and circulation">
          <div className={fieldGrid}>
            <TextField label="Fine per day (Rs.)" inputMode="decimal" required {...bind('fine_per_day')} />
            <TextField label="Loan period (days)" inputMode="numeric" {...bind('max_issue_duration')} />
            <TextField label="Max books per member" inputMode="numeric" {...bind('max_books_per_member')} />
            <TextField label="Low-stock threshold" inputMode="numeric" helperText="Warn when available copies fall to this number." {...bind('low_stock_threshold')} />
          </div>
        </Panel>
        <Panel title="Time and date">
          <div className={fieldGrid}>
            <SelectField label="Time zone" required options={zones.map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }))} {...bind('timezone')} />
            <SelectField label="Date format" options={DATE_FORMATS.map((format) => ({ value: format, label: format }))} {...bind('date_format')} />
            <SelectField
              label="Time format"
              options={[
                { value: '12hr', label: '12-hour (2:30 PM)' },
                { value: '24hr', label: '24-hour (14:30)' },
              ]}
              {...bind('time_format')}
            />
          </div>
        </Panel>
        {canSave && (
          <div className={formActions}>
            <Button type="submit" loading={saving} loadingText="Submitting..." className={css({ minW: '10rem' })}>
              Save settings
            </Button>
          </div>
        )}
      </form>
    </>
  );
}
