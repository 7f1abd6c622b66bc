/**
 * settings/notifications: the scheduled numbers (due-soon days, overdue every N days up to M
 * times, pickup days, the daily run's time) and, per notice of `lib/notice-templates`, a toggle and
 * its wording (the editor loads when a notice is opened). Seeing needs view_notificationsettings
 * (the layout guards that); saving needs change_notificationsettings, without it the form is
 * read-only with a note. One form on the one hook: checks before sending, the server's refusals
 * under their fields (a notice with one opens), nothing typed lost on a failed save.
 */
import { useStore } from '@nanostores/react';
import type { FormEvent } from 'react';
import { SettingsForm } from '../../components/settings-form/SettingsForm';
import { useSettingsForm } from '../../components/settings-form/use-settings-form';
import { toast } from '../../components/ui/Toaster';
import { fetchNotificationSettings, updateNotificationSettings } from '../../lib/api/settings';
import { firstFieldError, notificationSettingsErrorMessage } from '../../lib/errors';
import { summaryOr } from '../../lib/forms';
import {
  NOTIFICATION_SETTINGS_FIELDS,
  notificationSettingsBody,
  notificationSettingsToValues,
  validateNotificationSettings,
  type NotificationSettingsField,
  type NotificationSettingsValues,
} from '../../lib/notification-settings';
import { NOTICES } from '../../lib/notices';
import { holdsPermission } from '../../lib/permissions';
import type { NotificationSettings as Settings } from '../../lib/schemas/notification-settings';
import { $session } from '../../stores/session';
import { NoticesPanel, SchedulePanel } from './NotificationPanels';

export default function NotificationSettings() {
  const session = useStore($session);
  const screen = useSettingsForm<Settings, NotificationSettingsValues, NotificationSettingsField>({
    fetch: fetchNotificationSettings,
    toValues: notificationSettingsToValues,
    // The error catalogue's rule: detail, message, else nothing more than the title says.
    errorText: notificationSettingsErrorMessage,
    canSave: holdsPermission(session, 'change_notificationsettings'),
  });
  const { form } = screen;

  const save = (event: FormEvent<HTMLFormElement>) =>
    form.submit(event, {
      validate: validateNotificationSettings,
      send: async (current) => {
        screen.show(await updateNotificationSettings(notificationSettingsBody(current)));
        toast.success(NOTICES.settingsUpdated);
      },
      fields: NOTIFICATION_SETTINGS_FIELDS,
      summary: (failure, shown) => summaryOr(notificationSettingsErrorMessage(failure), shown, firstFieldError(failure, '')),
    });

  return (
    <SettingsForm
      title="Notification Settings"
      intro="When members are reminded, and what each notice says."
      permission="“Change notification settings”"
      screen={screen}
      onSubmit={save}
    >
      {(values) => (
        <>
          <SchedulePanel bind={form.bind} />
          <NoticesPanel form={form} values={values} settings={screen.settings} />
        </>
      )}
    </SettingsForm>
  );
}
