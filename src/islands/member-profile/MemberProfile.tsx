/**
 * member/profile-view/{memberId}: every field of a member's profile in groups (personal,
 * academic, contact, library). A member sees and edits his own (`PATCH /users/update-profile/`,
 * then the profile is fetched again); staff with view_members see any member read-only, with the
 * desk's summary and the circulation panels first (`StaffMemberView`).
 * Not found and forbidden are clear states, not error toasts.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { badge } from 'styled-system/recipes';
import { MemberDetailFields, MemberPhotoPanel } from '../../components/member-fields/MemberDetailFields';
import { PageHeader, Panel, formActions, stack } from '../../components/Panel';
import { Alert } from '../../components/ui/Alert';
import { Facts } from '../../components/Facts';
import { LoadProblem } from '../../components/LoadProblem';
import { Button } from '../../components/ui/Button';
import { referenceOptions, sessionLabel, useReferenceList } from '../../components/use-reference-list';
import { LoadingState } from '../../components/ui/Spinner';
import { TextField } from '../../components/ui/TextField';
import { toast } from '../../components/ui/Toaster';
import { useForm } from '../../components/use-form';
import { profileErrorMessage } from '../../lib/errors';
import { fetchMemberProfile, updateOwnMemberProfile } from '../../lib/api/members';
import { currentRouteParams } from '../../lib/deep-links';
import { callErrorMessage, errorStatus } from '../../lib/errors';
import { KEEP_FILE, buildFormData, needsCurrentPassword, validateProfileEdit, type FileChange } from '../../lib/forms';
import { CurrentPasswordField, PendingEmailNotice } from '../../components/AccountChangeFields';
import type { MemberProfile as Profile } from '../../lib/schemas/profiles';
import { $session } from '../../stores/session';
import { $memberDepartments, $memberSessions } from '../../stores/reference';
import { StaffMemberView } from './StaffMemberView';
import { MEMBER_STATE_TEXT } from '../../lib/member-lists';
import { NOTICES } from '../../lib/notices';

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
  department: p.department ? String(p.department.id) : '',
  session: p.session ? String(p.session.id) : '',
});

type LoadState = { kind: 'loading' } | { kind: 'ready'; profile: Profile } | { kind: 'not-found' } | { kind: 'forbidden' } | { kind: 'error'; message: string };

function memberStatus(p: Profile): [string, 'success' | 'danger' | 'neutral'] {
  if (p.state === 'pending' || p.state === 'disabled') return [MEMBER_STATE_TEXT[p.state], 'neutral'];
  if (p.is_declined) return ['Rejected', 'danger'];
  if (p.is_active === false) return [p.is_verified === false ? 'E-mail not verified' : 'Disabled or pending', 'neutral'];
  return ['Active', 'success'];
}

function ProfileView({ profile }: { profile: Profile }) {
  const [status, tone] = memberStatus(profile);
  const fine = profile.fine_amount ?? '0.00';
  return (
    <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', lg: '1fr 1fr' }, gap: '6' })}>
      <Panel title="Personal">
        <Facts
          rows={[
            ['First name', profile.first_name],
            ['Middle name', profile.middle_name],
            ['Last name', profile.last_name],
            ["Father's first name", profile.father_first_name],
            ["Father's last name", profile.father_last_name],
            ['CNIC', profile.cnic],
            ['Username', profile.username],
          ]}
        />
      </Panel>
      <Panel title="Academic">
        <Facts
          rows={[
            ['Department', profile.department?.name],
            ['Session', profile.session?.session_range],
            ['Class', profile.class_name],
            ['Section', profile.section],
            ['Roll no.', profile.roll_no],
            ['Registration ID', profile.registration_id],
            ['Shift', profile.shift],
          ]}
        />
      </Panel>
      <Panel title="Contact">
        <Facts
          rows={[
            ['E-mail', profile.email],
            ['Mobile number', profile.mobile_number],
            ['Emergency contact', profile.emergency_contact],
            ['Home address', profile.home_address],
          ]}
        />
      </Panel>
      <Panel title="Library">
        <Facts
          rows={[
            ['Member ID', profile.member_id],
            ['Library membership ID', profile.library_membership_id],
            ['Membership plan', profile.plan?.name],
            ['Status', <span className={badge({ tone })}>{status}</span>],
            ['Defaulter', profile.is_defaulter ? <span className={badge({ tone: 'danger' })}>Yes</span> : 'No'],
            ['Fine amount', `Rs. ${fine}`],
            ['Security fee', profile.security_fee !== null && profile.security_fee !== undefined ? `Rs. ${profile.security_fee}` : null],
          ]}
        />
      </Panel>
    </div>
  );
}

type FormValues = EditValues & { current_password: string };
type FormField = keyof FormValues;
const SERVER_FIELDS: readonly (FormField | 'profile_photo')[] = [...EDITABLE, 'current_password', 'profile_photo'];

function ProfileEditor({ profile, onSaved, onCancel }: { profile: Profile; onSaved: () => Promise<void>; onCancel: () => void }) {
  const { formRef, values, bind, errors, summary, saving, setFieldError, submit } = useForm<FormValues, FormField, FormField | 'profile_photo'>({
    initial: { ...toValues(profile), current_password: '' },
  });
  const [photo, setPhoto] = useState<FileChange>(KEEP_FILE);
  const departments = referenceOptions(useReferenceList($memberDepartments));
  const sessions = referenceOptions(useReferenceList($memberSessions), sessionLabel);
  const guarded = values ? needsCurrentPassword(profile, values) : false;

  const save = (event: FormEvent<HTMLFormElement>) =>
    submit(event, {
      validate: (current) => validateProfileEdit(current, profile),
      send: async ({ current_password, ...edited }) => {
        await updateOwnMemberProfile(buildFormData({ ...edited, ...(guarded ? { current_password } : {}) }, { profile_photo: photo }));
        await onSaved();
        toast.success(NOTICES.profileUpdated);
      },
      fields: SERVER_FIELDS,
      summary: profileErrorMessage,
    });

  return (
    <form ref={formRef} onSubmit={save} noValidate className={stack} aria-label="Edit profile">
      {summary && <Alert tone="error">{summary}</Alert>}
      <PendingEmailNotice pendingEmail={profile.pending_email} />
      <MemberPhotoPanel
        currentUrl={profile.profile_photo}
        value={photo}
        disabled={saving}
        error={errors.profile_photo}
        onChange={(change) => {
          setPhoto(change);
          setFieldError('profile_photo', undefined);
        }}
      />
      <MemberDetailFields
        own
        bind={bind}
        departments={departments}
        sessions={sessions}
        contactFirst={<TextField label="E-mail" type="email" autoComplete="email" inputMode="email" required {...bind('email')} />}
        contactExtra={
          guarded && (
            <div className={css({ mt: '4' })}>
              <CurrentPasswordField shown={guarded} {...bind('current_password')} />
            </div>
          )
        }
      />
      <div className={formActions}>
        <Button variant="outline" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" loading={saving} loadingText="Submitting...">
          Save profile
        </Button>
      </div>
    </form>
  );
}

export default function MemberProfile() {
  const session = useStore($session);
  const [memberId] = useState(() => currentRouteParams().memberId ?? '');
  const [state, setState] = useState<LoadState>({ kind: 'loading' });
  const [editing, setEditing] = useState(false);
  const isOwn = session !== null && session.role === 'MEMBER' && String(session.id) === memberId;

  const load = useCallback(async () => {
    if (!memberId) {
      setState({ kind: 'not-found' });
      return;
    }
    try {
      setState({ kind: 'ready', profile: await fetchMemberProfile(memberId) });
    } catch (error) {
      const status = errorStatus(error);
      if (status === 404) setState({ kind: 'not-found' });
      else if (status === 403) setState({ kind: 'forbidden' });
      else setState({ kind: 'error', message: callErrorMessage('member-profile-load', error) });
    }
  }, [memberId]);

  useEffect(() => {
    void load();
  }, [load]);

  if (state.kind === 'loading') return <LoadingState text="Loading..." />;
  if (state.kind === 'not-found')
    return (
      <LoadProblem heading="Member Profile" tone="info" title="Member not found">
        There is no member with this ID. Check the link, or find the member in the member list.
      </LoadProblem>
    );
  if (state.kind === 'forbidden')
    return (
      <LoadProblem heading="Member Profile" tone="error" title="You do not have access to this profile">
        Members can only see their own profile; staff need the “View members” permission.
      </LoadProblem>
    );
  if (state.kind === 'error')
    return (
      <LoadProblem heading="Member Profile" tone="error" title="Profile unavailable" onRetry={() => void load()}>
        {state.message}
      </LoadProblem>
    );

  const { profile } = state;
  const name = [profile.first_name, profile.middle_name, profile.last_name].filter(Boolean).join(' ') || profile.username;

  return (
    <>
      <PageHeader
        title={isOwn ? (editing ? 'Edit your profile' : 'Your profile') : name}
        actions={
          isOwn && !editing ? (
            <Button variant="outline" onClick={() => setEditing(true)}>
              Edit profile
            </Button>
          ) : undefined
        }
      >
        {isOwn ? `${name} · @${profile.username}` : `@${profile.username}${profile.member_id ? ` · Member ID ${profile.member_id}` : ''}`}
      </PageHeader>
      {!editing && profile.profile_photo && (
        <img src={profile.profile_photo} alt={`Photo of ${name}`} className={css({ w: '24', h: '24', borderRadius: 'full', objectFit: 'cover', mb: '6', borderWidth: '1px', borderColor: 'border.default' })} />
      )}
      {isOwn && editing ? (
        <ProfileEditor
          profile={profile}
          onCancel={() => setEditing(false)}
          onSaved={async () => {
            setState({ kind: 'ready', profile: await fetchMemberProfile(memberId) });
            setEditing(false);
          }}
        />
      ) : isOwn ? (
        <ProfileView profile={profile} />
      ) : (
        <StaffMemberView
          memberId={memberId}
          profile={profile}
          details={<ProfileView profile={profile} />}
          onChanged={() => {
            // The facts (books out, fines owed) after a return or a collection; a failed refresh keeps the old ones.
            fetchMemberProfile(memberId).then((fresh) => setState({ kind: 'ready', profile: fresh }), () => undefined);
          }}
        />
      )}
    </>
  );
}
