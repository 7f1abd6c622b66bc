/**
 * staff/profile: a MANAGER or SUPER USER edits his own name, e-mail, username and photo, and
 * changes his password in a separate form that needs the old one. Each role has its own path
 * (docs/API.md); failures read the server's message, else 'Profile update failed. Please try again.'.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { ImageUpload } from '../../components/ImageUpload';
import { PageHeader, Panel, fieldGrid, formActions, stack } from '../../components/Panel';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { CurrentPasswordField, PendingEmailNotice } from '../../components/AccountChangeFields';
import { PasswordField } from '../../components/ui/PasswordField';
import { LoadingState } from '../../components/ui/Spinner';
import { TextField } from '../../components/ui/TextField';
import { toast } from '../../components/ui/Toaster';
import { useForm } from '../../components/use-form';
import { profileErrorMessage } from '../../lib/errors';
import { fetchStaffProfile, updateStaffProfile } from '../../lib/api/users';
import {
  KEEP_FILE,
  MIN_PASSWORD_LENGTH,
  buildFormData,
  needsCurrentPassword,
  validatePasswordChange,
  validateProfileEdit,
  type FileChange,
  type PasswordChangeValues,
} from '../../lib/forms';
import type { StaffProfile as Profile } from '../../lib/schemas/profiles';
import { $role } from '../../stores/session';
import { NOTICES } from '../../lib/notices';
import { displayName } from '#shared/person-name';

interface DetailValues {
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  member_id: string;
  contact_number: string;
  current_password: string;
}
type DetailField = keyof DetailValues;
const DETAIL_FIELDS: readonly (DetailField | 'profile_photo')[] = [
  'first_name',
  'last_name',
  'username',
  'email',
  'member_id',
  'contact_number',
  'current_password',
  'profile_photo',
];
const PASSWORD_FIELDS = ['old_password', 'new_password', 'confirm_password'] as const;
const NO_PASSWORDS: PasswordChangeValues = { old_password: '', new_password: '', confirm_password: '' };

const toValues = (profile: Profile): DetailValues => ({
  first_name: profile.first_name ?? '',
  last_name: profile.last_name ?? '',
  username: profile.username,
  email: profile.email ?? '',
  member_id: profile.member_id ?? '',
  contact_number: profile.contact_number ?? '',
  current_password: '',
});

export default function StaffProfile() {
  const role = useStore($role);
  const isManager = role === 'MANAGER';
  const [profile, setProfile] = useState<Profile | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [photo, setPhoto] = useState<FileChange>(KEEP_FILE);
  const details = useForm<DetailValues, DetailField, DetailField | 'profile_photo'>({ initial: null });
  const password = useForm({ initial: NO_PASSWORDS });

  useEffect(() => {
    if (!role) return;
    fetchStaffProfile(role)
      .then((loaded) => {
        setProfile(loaded);
        details.reset(toValues(loaded));
      })
      .catch((error: unknown) => setLoadError(profileErrorMessage(error)));
  }, [role]);

  if (loadError) {
    return (
      <>
        <PageHeader title="Profile" />
        <Alert tone="error" title="Profile unavailable">
          {loadError}
        </Alert>
      </>
    );
  }
  const { values, bind, errors, summary, saving } = details;
  if (!values || !profile) return <LoadingState text="Loading..." />;
  const guarded = needsCurrentPassword(profile, values);

  const saveDetails = (event: FormEvent<HTMLFormElement>) =>
    details.submit(event, {
      validate: (current) => validateProfileEdit(current, profile),
      send: async (current) => {
        const fields: Record<string, string | undefined> = {
          first_name: current.first_name,
          last_name: current.last_name,
          username: current.username,
          email: current.email,
          ...(isManager ? { member_id: current.member_id, contact_number: current.contact_number } : {}),
          ...(guarded ? { current_password: current.current_password } : {}),
        };
        const saved = await updateStaffProfile(role, buildFormData(fields, { profile_photo: photo }));
        setProfile(saved);
        details.reset(toValues(saved));
        setPhoto(KEEP_FILE);
        toast.success(NOTICES.profileUpdated);
      },
      fields: DETAIL_FIELDS,
      summary: profileErrorMessage,
    });

  const changePassword = (event: FormEvent<HTMLFormElement>) =>
    password.submit(event, {
      validate: validatePasswordChange,
      send: async (current) => {
        await updateStaffProfile(role, buildFormData({ ...current }));
        password.reset(NO_PASSWORDS);
        toast.success(NOTICES.passwordChanged);
      },
      fields: PASSWORD_FIELDS,
      // A wrong old password shows under its field; only an answer without field errors needs a summary.
      summary: (failure, fieldErrorsShown) => (fieldErrorsShown ? null : profileErrorMessage(failure)),
    });

  const name = displayName(profile);

  return (
    <>
      <PageHeader title="Profile">
        {name} · {profile.role ?? role}
      </PageHeader>
      <div className={stack}>
        <Panel title="Your details">
          <form ref={details.formRef} onSubmit={saveDetails} noValidate className={stack}>
            {summary && <Alert tone="error">{summary}</Alert>}
            <PendingEmailNotice pendingEmail={profile.pending_email} />
            <ImageUpload
              label="Photo"
              round
              currentUrl={profile.profile_photo}
              value={photo}
              error={errors.profile_photo}
              disabled={saving}
              onChange={(change) => {
                setPhoto(change);
                details.setFieldError('profile_photo', undefined);
              }}
            />
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
        </Panel>
        <Panel title="Change password" intro="Enter your current password, then the new one twice.">
          <form ref={password.formRef} onSubmit={changePassword} noValidate className={stack} aria-label="Change password">
            {password.summary && <Alert tone="error">{password.summary}</Alert>}
            <input type="text" name="username" autoComplete="username" value={profile.username} readOnly hidden />
            <PasswordField label="Current password" autoComplete="current-password" required {...password.bind('old_password')} />
            <div className={fieldGrid}>
              <PasswordField label="New password" autoComplete="new-password" required helperText={`At least ${MIN_PASSWORD_LENGTH} characters.`} {...password.bind('new_password')} />
              <PasswordField label="Confirm new password" autoComplete="new-password" required {...password.bind('confirm_password')} />
            </div>
            <div className={formActions}>
              <Button type="submit" variant="outline" loading={password.saving} loadingText="Submitting...">
                Change password
              </Button>
            </div>
          </form>
        </Panel>
      </div>
    </>
  );
}
