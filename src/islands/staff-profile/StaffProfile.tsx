/**
 * staff/profile: a MANAGER or SUPER USER edits his own name, e-mail, username and photo, and
 * changes his password in a separate form that needs the old one. Each role has its own path
 * (docs/API.md); failures read the server's message, else 'Profile update failed. Please try again.'.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { focusFirstInvalid } from '../../components/focus-first-invalid';
import { ImageUpload } from '../../components/ImageUpload';
import { PageHeader, Panel, fieldGrid, formActions, stack } from '../../components/Panel';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { CurrentPasswordField, PendingEmailNotice } from '../../components/AccountChangeFields';
import { PasswordField } from '../../components/ui/PasswordField';
import { LoadingState } from '../../components/ui/Spinner';
import { TextField } from '../../components/ui/TextField';
import { toast } from '../../components/ui/Toaster';
import { profileErrorMessage } from '../../lib/errors';
import { fetchStaffProfile, updateStaffProfile } from '../../lib/api/users';
import { fieldErrors } from '../../lib/errors';
import {
  KEEP_FILE,
  buildFormData,
  hasFieldErrors,
  knownFieldErrors,
  validateStaffDetails,
  validatePasswordChange,
  type FieldErrors,
  type FileChange,
  type PasswordChangeValues,
  checkCurrentPassword,
  needsCurrentPassword,
} from '../../lib/forms';
import type { StaffProfile as Profile } from '../../lib/schemas/profiles';
import { $role } from '../../stores/session';

interface DetailValues {
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  member_id: string;
  contact_number: string;
}
type DetailField = keyof DetailValues;
const DETAIL_FIELDS: readonly DetailField[] = ['first_name', 'last_name', 'username', 'email', 'member_id', 'contact_number'];
const PASSWORD_FIELDS = ['old_password', 'new_password', 'confirm_password'] as const;
const NO_PASSWORDS: PasswordChangeValues = { old_password: '', new_password: '', confirm_password: '' };

const toValues = (profile: Profile): DetailValues => ({
  first_name: profile.first_name ?? '',
  last_name: profile.last_name ?? '',
  username: profile.username,
  email: profile.email ?? '',
  member_id: profile.member_id ?? '',
  contact_number: profile.contact_number ?? '',
});

export default function StaffProfile() {
  const role = useStore($role);
  const isManager = role === 'MANAGER';
  const detailsRef = useRef<HTMLFormElement>(null);
  const passwordRef = useRef<HTMLFormElement>(null);
  const [profile, setProfile] = useState<Profile | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [values, setValues] = useState<DetailValues | null>(null);
  const [photo, setPhoto] = useState<FileChange>(KEEP_FILE);
  const [errors, setErrors] = useState<FieldErrors<DetailField | 'profile_photo'>>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [passwords, setPasswords] = useState<PasswordChangeValues>(NO_PASSWORDS);
  const [passwordErrors, setPasswordErrors] = useState<FieldErrors<keyof PasswordChangeValues>>({});
  const [passwordSummary, setPasswordSummary] = useState<string | null>(null);
  const [changing, setChanging] = useState(false);
  const [currentPassword, setCurrentPassword] = useState('');
  const [currentPasswordError, setCurrentPasswordError] = useState<string | undefined>(undefined);

  useEffect(() => {
    if (!role) return;
    fetchStaffProfile(role)
      .then((loaded) => {
        setProfile(loaded);
        setValues(toValues(loaded));
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
  if (!values || !profile) return <LoadingState text="Loading..." />;

  const bind = (field: DetailField) => ({
    name: field,
    value: values[field],
    error: errors[field],
    disabled: saving,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.target.value;
      setValues((current) => (current ? { ...current, [field]: value } : current));
      if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    },
  });

  const bindPassword = (field: keyof PasswordChangeValues) => ({
    name: field,
    value: passwords[field],
    error: passwordErrors[field],
    disabled: changing,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.target.value;
      setPasswords((current) => ({ ...current, [field]: value }));
      if (passwordErrors[field]) setPasswordErrors((current) => ({ ...current, [field]: undefined }));
    },
  });

  async function saveDetails(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!values) return;
    setSummary(null);
    const found: FieldErrors<DetailField> = validateStaffDetails(values);
    const guarded = profile ? needsCurrentPassword(profile, values) : false;
    const passwordProblem = checkCurrentPassword(guarded, currentPassword);
    setErrors(found);
    setCurrentPasswordError(passwordProblem);
    if (hasFieldErrors(found) || passwordProblem) {
      focusFirstInvalid(detailsRef.current);
      return;
    }
    setSaving(true);
    try {
      const fields: Record<string, string | undefined> = {
        first_name: values.first_name,
        last_name: values.last_name,
        username: values.username,
        email: values.email,
        ...(isManager ? { member_id: values.member_id, contact_number: values.contact_number } : {}),
        ...(guarded ? { current_password: currentPassword } : {}),
      };
      const saved = await updateStaffProfile(role, buildFormData(fields, { profile_photo: photo }));
      setProfile(saved);
      setValues(toValues(saved));
      setPhoto(KEEP_FILE);
      setCurrentPassword('');
      toast.success('Profile updated successfully');
    } catch (failure) {
      const serverErrors = fieldErrors(failure);
      setErrors(knownFieldErrors(serverErrors, [...DETAIL_FIELDS, 'profile_photo'] as const));
      setCurrentPasswordError(serverErrors['current_password']);
      setSummary(profileErrorMessage(failure));
      focusFirstInvalid(detailsRef.current);
    } finally {
      setSaving(false);
    }
  }

  async function changePassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPasswordSummary(null);
    const found = validatePasswordChange(passwords);
    setPasswordErrors(found);
    if (hasFieldErrors(found)) {
      focusFirstInvalid(passwordRef.current);
      return;
    }
    setChanging(true);
    try {
      await updateStaffProfile(role, buildFormData({ ...passwords }));
      setPasswords(NO_PASSWORDS);
      toast.success('Password changed successfully');
    } catch (failure) {
      const known = knownFieldErrors(fieldErrors(failure), PASSWORD_FIELDS);
      setPasswordErrors(known);
      setPasswordSummary(hasFieldErrors(known) ? null : profileErrorMessage(failure));
      focusFirstInvalid(passwordRef.current);
    } finally {
      setChanging(false);
    }
  }

  const fullName = [profile.first_name, profile.last_name].filter(Boolean).join(' ') || profile.username;

  return (
    <>
      <PageHeader title="Profile">
        {fullName} · {profile.role ?? role}
      </PageHeader>
      <div className={stack}>
        <Panel title="Your details">
          <form ref={detailsRef} onSubmit={saveDetails} noValidate className={stack}>
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
                setErrors((current) => ({ ...current, profile_photo: undefined }));
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
            <CurrentPasswordField
              shown={needsCurrentPassword(profile, values)}
              value={currentPassword}
              error={currentPasswordError}
              disabled={saving}
              onChange={(value) => {
                setCurrentPassword(value);
                setCurrentPasswordError(undefined);
              }}
            />
            <div className={formActions}>
              <Button type="submit" loading={saving} loadingText="Submitting...">
                Save profile
              </Button>
            </div>
          </form>
        </Panel>
        <Panel title="Change password" intro="Enter your current password, then the new one twice.">
          <form ref={passwordRef} onSubmit={changePassword} noValidate className={stack} aria-label="Change password">
            {passwordSummary && <Alert tone="error">{passwordSummary}</Alert>}
            <input type="text" name="username" autoComplete="username" value={profile.username} readOnly hidden />
            <PasswordField label="Current password" autoComplete="current-password" required {...bindPassword('old_password')} />
            <div className={fieldGrid}>
              <PasswordField label="New password" autoComplete="new-password" required helperText="At least 8 characters." {...bindPassword('new_password')} />
              <PasswordField label="Confirm new password" autoComplete="new-password" required {...bindPassword('confirm_password')} />
            </div>
            <div className={formActions}>
              <Button type="submit" variant="outline" loading={changing} loadingText="Submitting...">
                Change password
              </Button>
            </div>
          </form>
        </Panel>
      </div>
    </>
  );
}
