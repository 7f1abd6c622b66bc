/**
 * settings/notifications: the scheduled numbers (due-soon days, overdue every N days up to M
 * times, pickup days, the daily run's time) and, per notice of `lib/notice-templates`, a toggle and
 * its wording (the editor loads when a notice is opened). Seeing needs view_notificationsettings
 * (the layout guards that); saving needs change_notificationsettings, without it the form is
 * read-only with a note. One form on the one hook: checks before sending, the server's refusals
 * under their fields (a notice with one opens), nothing typed lost on a failed save.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { PageHeader, Panel, fieldGrid, formActions, stack } from '../../components/Panel';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { LoadingState } from '../../components/ui/Spinner';
import { TextField } from '../../components/ui/TextField';
import { toast } from '../../components/ui/Toaster';
import { useForm } from '../../components/use-form';
import { fetchNotificationSettings, updateNotificationSettings } from '../../lib/api/settings';
import { firstFieldError, notificationSettingsErrorMessage } from '../../lib/errors';
import { summaryOr } from '../../lib/forms';
import { NOTICE_TYPES, type NoticeType } from '#shared/notice-templates';
import {
  NOTIFICATION_SETTINGS_FIELDS,
  defaultWording,
  notificationSettingsBody,
  notificationSettingsToValues,
  noticeField,
  noticesWithErrors,
  validateNotificationSettings,
  type NotificationSettingsField,
  type NotificationSettingsValues,
  type TemplatePart,
} from '../../lib/notification-settings';
import { NOTICES } from '../../lib/notices';
import { holdsPermission } from '../../lib/permissions';
import type { NotificationSettings as Settings } from '../../lib/schemas/notification-settings';
import { $session } from '../../stores/session';
import { NoticeRow } from './NoticeRow';

export default function NotificationSettings() {
  const session = useStore($session);
  const canSave = holdsPermission(session, 'change_notificationsettings');
  const form = useForm<NotificationSettingsValues, NotificationSettingsField>({ initial: null, canSave });
  const { formRef, values, reset, errors, summary, saving, bind, setValue } = form;
  const [settings, setSettings] = useState<Settings | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [open, setOpen] = useState<ReadonlySet<NoticeType>>(new Set());

  useEffect(() => {
    fetchNotificationSettings()
      .then((loaded) => {
        setSettings(loaded);
        reset(notificationSettingsToValues(loaded));
      })
      // The notification settings' error message: detail, message, else nothing more than the title says.
      .catch((error: unknown) => setLoadError(notificationSettingsErrorMessage(error)));
  }, []);

  // A refused template opens its notice, so the message under the field is in view.
  useEffect(() => {
    const refused = noticesWithErrors(errors);
    if (refused.some((type) => !open.has(type))) setOpen((current) => new Set([...current, ...refused]));
  }, [errors]);

  if (loadError !== null) {
    return (
      <>
        <PageHeader title="Notification Settings" />
        <Alert tone="error" title="Settings unavailable">
          {loadError || null}
        </Alert>
      </>
    );
  }
  if (!values) return <LoadingState text="Loading..." />;

  const save = (event: FormEvent<HTMLFormElement>) =>
    form.submit(event, {
      validate: validateNotificationSettings,
      send: async (current) => {
        const saved = await updateNotificationSettings(notificationSettingsBody(current));
        setSettings(saved);
        reset(notificationSettingsToValues(saved));
        toast.success(NOTICES.settingsUpdated);
      },
      fields: NOTIFICATION_SETTINGS_FIELDS,
      summary: (failure, shown) => summaryOr(notificationSettingsErrorMessage(failure), shown, firstFieldError(failure, '')),
    });

  const toggleOpen = (type: NoticeType) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(type)) next.add(type);
      return next;
    });

  return (
    <>
      <PageHeader title="Notification Settings">When members are reminded, and what each notice says.</PageHeader>
      <form ref={formRef} onSubmit={save} noValidate className={stack} aria-busy={saving || undefined}>
        {!canSave && (
          <Alert tone="info" title="Read only">
            You can see these settings, but changing them needs the “Change notification settings” permission.
          </Alert>
        )}
        {summary && <Alert tone="error">{summary}</Alert>}
        <Panel title="Schedule" intro="Reminders go out once a day at this time, in the library's time zone.">
          <div className={fieldGrid}>
            <TextField label="Due-soon reminder (days before due)" inputMode="numeric" helperText="1 to 30 days." {...bind('due_soon_days')} />
            <TextField label="Overdue reminder every (days)" inputMode="numeric" helperText="1 to 30 days, from the first late day." {...bind('overdue_every_days')} />
            <TextField label="Overdue reminders at most (times)" inputMode="numeric" helperText="0 to 20 per loan; 0 sends none." {...bind('overdue_max_times')} />
            <TextField label="Pickup period for held copies (days)" inputMode="numeric" helperText="1 to 30 days." {...bind('hold_pickup_days')} />
            <TextField label="Time of the daily run" type="time" helperText="HH:MM, 24-hour." {...bind('jobs_run_at')} />
          </div>
        </Panel>
        <Panel title="Notices" intro="Each notice goes in-app and, when the member has an e-mail address, by e-mail. Turned off, it is not sent at all.">
          <ul aria-label="Notices" className={css({ listStyle: 'none', m: '0', p: '0', display: 'flex', flexDirection: 'column' })}>
            {NOTICE_TYPES.map((type) => (
              <NoticeRow
                key={type}
                type={type}
                enabled={values[noticeField(type, 'enabled')] === 'true'}
                subject={values[noticeField(type, 'subject')]}
                body={values[noticeField(type, 'body')]}
                errors={{ subject: errors[noticeField(type, 'subject')], body: errors[noticeField(type, 'body')] }}
                disabled={form.disabled}
                open={open.has(type)}
                onToggleOpen={() => toggleOpen(type)}
                onEnabledChange={(enabled) => setValue(noticeField(type, 'enabled'), String(enabled))}
                onTextChange={(part: TemplatePart, text: string) => setValue(noticeField(type, part), text)}
                onReset={() => {
                  const wording = defaultWording(settings, type);
                  setValue(noticeField(type, 'subject'), wording.subject);
                  setValue(noticeField(type, 'body'), wording.body);
                }}
              />
            ))}
          </ul>
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
