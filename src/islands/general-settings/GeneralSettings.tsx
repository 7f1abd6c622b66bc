/**
 * settings/general: the library's name, logo, favicon, default theme, fine rate, time zone, date
 * and time formats and circulation limits. Seeing needs view_librarysettings (the layout guards
 * that); saving needs change_librarysettings, without it the form is read-only with a note.
 * Errors follow the error catalogue's rule for the call; what was typed survives a failed save.
 */
import { useStore } from '@nanostores/react';
import type { FormEvent } from 'react';
import { SettingsForm } from '../../components/settings-form/SettingsForm';
import { useSettingsForm } from '../../components/settings-form/use-settings-form';
import { toast } from '../../components/ui/Toaster';
import { useFileField } from '../../components/use-file-field';
import { fetchGeneralSettings, updateGeneralSettings } from '../../lib/api/settings';
import { callErrorMessage, generalSettingsSaveErrorMessage } from '../../lib/errors';
import {
  GENERAL_SETTINGS_FIELDS,
  generalSettingsFormData,
  settingsToValues,
  validateGeneralSettings,
  type GeneralSettingsField,
  type GeneralSettingsValues,
} from '../../lib/general-settings';
import { NOTICES } from '../../lib/notices';
import { holdsPermission } from '../../lib/permissions';
import type { GeneralSettings as Settings } from '../../lib/schemas/general-settings';
import { applyLibrarySettings } from '../../stores/library-settings';
import { $session } from '../../stores/session';
import { BrandingPanel, CirculationPanel, TimePanel, type FileField } from './GeneralSettingsPanels';

const browserTimeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

const toValues = (settings: Settings) => settingsToValues(settings, browserTimeZone());
const loadErrorText = (failure: unknown) => callErrorMessage('general-settings-load', failure);

export default function GeneralSettings() {
  const session = useStore($session);
  const screen = useSettingsForm<Settings, GeneralSettingsValues, GeneralSettingsField, GeneralSettingsField | FileField>({
    fetch: fetchGeneralSettings,
    toValues,
    errorText: loadErrorText,
    canSave: holdsPermission(session, 'change_librarysettings'),
  });
  const { form, settings } = screen;
  const logo = useFileField(form, 'logo', form.disabled);
  const favicon = useFileField(form, 'favicon', form.disabled);

  const save = (event: FormEvent<HTMLFormElement>) =>
    form.submit(event, {
      validate: validateGeneralSettings,
      send: async (current) => {
        const saved = await updateGeneralSettings(generalSettingsFormData(current, { logo: logo.value, favicon: favicon.value }));
        screen.show(saved);
        logo.clear();
        favicon.clear();
        await applyLibrarySettings(saved);
        toast.success(NOTICES.settingsUpdated);
      },
      fields: [...GENERAL_SETTINGS_FIELDS, 'logo', 'favicon'],
      summary: generalSettingsSaveErrorMessage,
    });

  return (
    <SettingsForm
      title="General Settings"
      intro="The library's name, branding, fines and formats, used on every page."
      permission="“Change library settings”"
      screen={screen}
      onSubmit={save}
    >
      {(values) => (
        <>
          <BrandingPanel bind={form.bind} logo={{ url: settings?.logo, ...logo.props }} favicon={{ url: settings?.favicon, ...favicon.props }} />
          <CirculationPanel bind={form.bind} />
          <TimePanel bind={form.bind} timezone={values.timezone} />
        </>
      )}
    </SettingsForm>
  );
}
