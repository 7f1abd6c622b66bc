/** The staff profile's details: photo, names, username, e-mail (and, for a MANAGER, staff ID and contact number). */
import type { FormEvent } from 'react';
import { CurrentPasswordField, PendingEmailNotice } from '../../components/AccountChangeFields';
import { ImageUpload } from '../../components/ImageUpload';
import { fieldGrid, formActions, stack } from '../../components/Panel';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/TextField';
import { toast } from '../../components/ui/Toaster';
import { useFileField } from '../../components/use-file-field';
import { useForm } from '../../components/use-form';
import { updateStaffProfile } from '../../lib/api/users';
import { profileErrorMessage } from '../../lib/errors';
import { buildFormData, needsCurrentPassword, validateProfileEdit } from '../../lib/forms';
import { NOTICES } from '../../lib/notices';
import type { StaffProfile } from '../../lib/schemas/profiles';
import { STAFF_PROFILE_FIELDS, staffProfileFields, staffProfileValues, type StaffProfileField, type StaffProfileValues } from '../../lib/staff-profile';

type Role = Parameters<typeof updateStaffProfile>[0];

export function StaffDetailsForm({ role, profile, onSaved }: { role: Role; profile: StaffProfile; onSaved: (saved: StaffProfile) => void }) {
  const isManager = role === 'MANAGER';
  const details = useForm<StaffProfileValues, StaffProfileField, StaffProfileField | 'profile_photo'>({ initial: staffProfileValues(profile) });
  const { values, bind, summary, saving } = details;
  const photo = useFileField(details, 'profile_photo', saving);
  const guarded = values !== null && needsCurrentPassword(profile, values);

  const save = (event: FormEvent<HTMLFormElement>) =>
    details.submit(event, {
      validate: (current) => validateProfileEdit(current, profile),
      send: async (current) => {
        const saved = await updateStaffProfile(role, buildFormData(staffProfileFields(current, { isManager, guarded }), { profile_photo: photo.value }));
        details.reset(staffProfileValues(saved));
        photo.clear();
        onSaved(saved);
        toast.success(NOTICES.profileUpdated);
      },
      fields: STAFF_PROFILE_FIELDS,
      summary: profileErrorMessage,
    });

  return (
    <form ref={details.formRef} onSubmit={save} noValidate className={stack}>
      {summary && <Alert tone="error">{summary}</Alert>}
      <PendingEmailNotice pendingEmail={profile.pending_email} />
      <ImageUpload label="Photo" round currentUrl={profile.profile_photo} {...photo.props} />
      <div className={fieldGrid}>
        <TextField label="First name" autoComplete="given-name" {...bind('first_name')} />
        <TextField label="Last name" autoComplete="family-name" {...bind('last_name')} />
        <TextField label="Username" autoComplete="username" autoCapitalize="none" spellCheck={false} required {...bind('username')} />
        <TextField label="E-mail" type="email" autoComplete="email" inputMode="email" required {...bind('email')} />
        {isManager && <TextField label="Staff ID" {...bind('member_id')} />}
        {isManager && <TextField label="Contact number" type="tel" autoComplete="tel" {...bind('contact_number')} />}
      </div>
      <CurrentPasswordField shown={guarded} {...bind('current_password')} />
      <div className={formActions}>
        <Button type="submit" loading={saving} loadingText="Submitting...">
          Save profile
        </Button>
      </div>
    </form>
  );
}
