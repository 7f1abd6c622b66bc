/** The panels of Notification Settings: the schedule's numbers and the list of notices with their wording. */
import { useEffect, useState } from 'react';
import { stack } from 'styled-system/patterns';
import { Panel, fieldGrid } from '../../components/Panel';
import { TextField } from '../../components/ui/TextField';
import type { useForm } from '../../components/use-form';
import { NOTICE_TYPES, type NoticeType } from '#shared/notice-templates';
import { defaultWording, noticeField, noticesWithErrors, type NotificationSettingsField, type NotificationSettingsValues, type TemplatePart } from '../../lib/notification-settings';
import type { NotificationSettings as Settings } from '../../lib/schemas/notification-settings';
import { toggleOpen, withOpened } from '../../lib/screen-load';
import { NoticeRow } from './NoticeRow';

type Form = ReturnType<typeof useForm<NotificationSettingsValues, NotificationSettingsField>>;

// A rule between the notices.
const noticeList = stack({ gap: '0', listStyle: 'none', m: '0', p: '0', '& > li + li': { borderTopWidth: '1px', borderColor: 'border.default' } });

export function SchedulePanel({ bind }: { bind: Form['bind'] }) {
  return (
    <Panel title="Schedule" intro="Reminders go out once a day at this time, in the library's time zone.">
      <div className={fieldGrid}>
        <TextField label="Due-soon reminder (days before due)" inputMode="numeric" helperText="1 to 30 days." {...bind('due_soon_days')} />
        <TextField label="Overdue reminder every (days)" inputMode="numeric" helperText="1 to 30 days, from the first late day." {...bind('overdue_every_days')} />
        <TextField label="Overdue reminders at most (times)" inputMode="numeric" helperText="0 to 20 per loan; 0 sends none." {...bind('overdue_max_times')} />
        <TextField label="Pickup period for held copies (days)" inputMode="numeric" helperText="1 to 30 days." {...bind('hold_pickup_days')} />
        <TextField label="Time of the daily run" type="time" helperText="HH:MM, 24-hour." {...bind('jobs_run_at')} />
      </div>
    </Panel>
  );
}

/** Which notices are open; a notice the server refused opens, so the message under its field is in view. */
function useOpenNotices(errors: Form['errors']) {
  const [open, setOpen] = useState<ReadonlySet<NoticeType>>(new Set());
  useEffect(() => setOpen((current) => withOpened(current, noticesWithErrors(errors))), [errors]);
  return { open, toggle: (type: NoticeType) => setOpen((current) => toggleOpen(current, type)) };
}

export function NoticesPanel({ form, values, settings }: { form: Form; values: NotificationSettingsValues; settings: Settings | null }) {
  const { errors, setValue } = form;
  const { open, toggle } = useOpenNotices(errors);
  const setWording = (type: NoticeType, part: TemplatePart, text: string) => setValue(noticeField(type, part), text);
  return (
    <Panel title="Notices" intro="Each notice goes in-app and, when the member has an e-mail address, by e-mail. Turned off, it is not sent at all.">
      <ul aria-label="Notices" className={noticeList}>
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
            onToggleOpen={() => toggle(type)}
            onEnabledChange={(enabled) => setValue(noticeField(type, 'enabled'), String(enabled))}
            onTextChange={(part, text) => setWording(type, part, text)}
            onReset={() => {
              const wording = defaultWording(settings, type);
              setWording(type, 'subject', wording.subject);
              setWording(type, 'body', wording.body);
            }}
          />
        ))}
      </ul>
    </Panel>
  );
}
