/**
 * The member's profile form: his own (Edit profile) or, with `staff`, a staff member's Edit on his
 * record (change_members: his fields and membership plan, never his e-mail or a password; `PATCH
 * /users/profile/update/`). Loaded when opened, so the profile's first paint carries no form, photo
 * upload or validation code.
 */
import type { FormEvent } from 'react';
import { css } from 'styled-system/css';
import { CurrentPasswordField, PendingEmailNotice } from '../../components/AccountChangeFields';
import { MemberDetailFields, MemberPhotoPanel } from '../../components/member-fields/MemberDetailFields';
import { Panel, fieldGrid, formActions, stack } from '../../components/Panel';
import { Alert } from '../../components/ui/Alert';
import { CancelSubmit } from '../../components/CancelSubmit';
import { TextField } from '../../components/ui/TextField';
import { toast } from '../../components/ui/Toaster';
import { referenceOptions, sessionLabel, useReferenceList } from '../../components/use-reference-list';
import { useFileField } from '../../components/use-file-field';
import { useForm } from '../../components/use-form';
import { editMemberByStaff, updateOwnMemberProfile } from '../../lib/api/members';
import { staffEditFields } from '../../lib/member-record';
import { PlanField } from '../../components/member-fields/PlanField';
import { usePlanOptions } from '../../components/member-fields/use-plan-options';
import { profileErrorMessage } from '../../lib/errors';
import { buildFormData, needsCurrentPassword, validateProfileEdit } from '../../lib/forms';
import { NOTICES } from '../../lib/notices';
import type { MemberProfile as Profile } from '../../lib/schemas/profiles';
import { $memberDepartments, $memberSessions } from '../../stores/reference';

const EDITABLE = [
  'first_name',
  'middle_name',
  'last_name',
  'father_first_name',
  'father_last_name',
  'email',
  'mobile_number',
  'cnic',
  'emergency_contact',
  'home_address',
  'class_name',
  'section',
  'roll_no',
  'shift',
  'department',
  'session',
] as const;
type EditField = (typeof EDITABLE)[number];
type EditValues = Record<EditField, string>;

const toValues = (p: Profile): EditValues => ({
  first_name: p.first_name ?? '',
  middle_name: p.middle_name ?? '',
  last_name: p.last_name ?? '',
  father_first_name: p.father_first_name ?? '',
  father_last_name: p.father_last_name ?? '',
  email: p.email ?? '',
  mobile_number: p.mobile_number ?? '',
  cnic: p.cnic ?? '',
  emergency_contact: p.emergency_contact ?? '',
  home_address: p.home_address ?? '',
  class_name: p.class_name ?? '',
  section: p.section ?? '',
  roll_no: p.roll_no ?? '',
  shift: p.shift ?? '',
  department: p.department ? String(p.department) : '',
  session: p.session ? String(p.session) : '',
});

type FormValues = EditValues & { current_password: string; plan: string };
type FormField = keyof FormValues;
const SERVER_FIELDS: readonly (FormField | 'profile_photo')[] = [...EDITABLE, 'current_password', 'plan', 'profile_photo'];

/** The form, with the profile it starts from; `onSaved` reads the profile again; `staff` names the member staff edit. */
export default function ProfileEditor({ profile, onSaved, onCancel, staff }: { profile: Profile; onSaved: () => Promise<void>; onCancel: () => void; staff?: { userId: string } }) {
  const initial = { ...toValues(profile), current_password: '', plan: profile.plan ? String(profile.plan.id) : '' };
  const form = useForm<FormValues, FormField, FormField | 'profile_photo'>({ initial });
  const { formRef, values, bind, summary, saving, submit } = form;
  const photo = useFileField(form, 'profile_photo', saving);
  const departments = referenceOptions(useReferenceList($memberDepartments));
  const sessions = referenceOptions(useReferenceList($memberSessions), sessionLabel);
  const guarded = !staff && values ? needsCurrentPassword(profile, values) : false;
  const plans = usePlanOptions(Boolean(staff));

  const save = (event: FormEvent<HTMLFormElement>) =>
    submit(event, {
      validate: (current) => validateProfileEdit(current, profile),
      send: async ({ current_password, plan, ...edited }) => {
        if (staff) await editMemberByStaff(buildFormData(staffEditFields(staff.userId, { ...edited, plan }), { profile_photo: photo.value }));
        else await updateOwnMemberProfile(buildFormData({ ...edited, ...(guarded ? { current_password } : {}) }, { profile_photo: photo.value }));
        await onSaved();
        toast.success(NOTICES.profileUpdated);
      },
      fields: SERVER_FIELDS,
      summary: profileErrorMessage,
    });

  return (
    <form ref={formRef} onSubmit={save} noValidate className={stack} aria-label={staff ? 'Edit member' : 'Edit profile'}>
      {summary && <Alert tone="error">{summary}</Alert>}
      <PendingEmailNotice pendingEmail={profile.pending_email} />
      <MemberPhotoPanel currentUrl={profile.profile_photo} {...photo.props} />
      <MemberDetailFields
        own={!staff}
        bind={bind}
        departments={departments}
        sessions={sessions}
        contactFirst={staff ? undefined : <TextField label="E-mail" type="email" autoComplete="email" inputMode="email" required {...bind('email')} />}
        contactExtra={
          guarded && (
            <div className={css({ mt: '4' })}>
              <CurrentPasswordField shown={guarded} {...bind('current_password')} />
            </div>
          )
        }
      />
      {staff && (
        <Panel title="Library">
          <div className={fieldGrid}>
            <PlanField plans={plans} fallback="His plan stays as it is." {...bind('plan')} />
          </div>
        </Panel>
      )}
      <CancelSubmit className={formActions} onCancel={onCancel} saving={saving} submitLabel="Save profile" />
    </form>
  );
}
