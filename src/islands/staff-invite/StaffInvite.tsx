/**
 * settings/users/invite (Invite Staff, change_user_admin): an e-mail address and a staff role
 * (`GET /roles/`, neither SUPER USER nor MEMBER); `POST /users/invitations/` mails a link to create
 * an account that has that role. The address's and role's errors show under their fields, the
 * server's others above the form; a sent invitation is toasted and the form empties for the next.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { textLink } from 'styled-system/recipes';
import { PageHeader, Panel, fieldGrid, formActions, stack } from '../../components/Panel';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { SelectField } from '../../components/ui/SelectField';
import { TextField } from '../../components/ui/TextField';
import { toast } from '../../components/ui/Toaster';
import { useForm } from '../../components/use-form';
import { pathFor } from '#shared/routes';
import { fetchRoles } from '../../lib/api/roles';
import { inviteStaff } from '../../lib/api/users';
import { callErrorMessage } from '../../lib/errors';
import { NOTICES } from '../../lib/notices';
import { STAFF_INVITE_MESSAGES, emptyStaffInvite, staffInviteBody, staffRoleOptions, validateStaffInvite } from '../../lib/staff-invite';

type RoleChoices = { status: 'loading' } | { status: 'ready'; options: { value: string; label: string }[] } | { status: 'failed'; message: string };

/** The staff roles to choose from, read once. */
function useStaffRoles(): RoleChoices {
  const [roles, setRoles] = useState<RoleChoices>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    fetchRoles().then(
      (list) => live && setRoles({ status: 'ready', options: staffRoleOptions(list) }),
      (failure: unknown) => live && setRoles({ status: 'failed', message: callErrorMessage('fetch-roles', failure) }),
    );
    return () => {
      live = false;
    };
  }, []);
  return roles;
}

export default function StaffInvite() {
  const roles = useStaffRoles();
  const { formRef, bind, summary, saving, submit, reset } = useForm({ initial: emptyStaffInvite() });
  const options = roles.status === 'ready' ? roles.options : [];

  const send = (event: FormEvent<HTMLFormElement>) =>
    submit(event, {
      validate: validateStaffInvite,
      send: async (values) => {
        const sent = await inviteStaff(staffInviteBody(values));
        const role = sent.role?.name ?? options.find((option) => option.value === values.role)?.label ?? '';
        toast.success(NOTICES.staffInvited(sent.email, role));
        reset(emptyStaffInvite());
      },
      fields: ['email', 'role'],
      summary: (failure, fieldErrorsShown) => (fieldErrorsShown ? null : callErrorMessage('staff-invite', failure)),
    });

  return (
    <>
      <PageHeader title="Invite Staff">
        The person gets an e-mail with a link to create an account; the account has the role you choose, and nothing more.{' '}
        <a className={textLink()} href={pathFor('settings-users')}>
          Manage roles in User Management
        </a>
      </PageHeader>
      <form ref={formRef} onSubmit={send} noValidate className={stack} aria-label="Invite staff">
        {summary && <Alert tone="error">{summary}</Alert>}
        {roles.status === 'failed' && <Alert tone="error" title="The roles could not be loaded">{roles.message}</Alert>}
        {roles.status === 'ready' && options.length === 0 && <Alert tone="info">{STAFF_INVITE_MESSAGES.noRoles}</Alert>}
        <Panel title="Invitation">
          <div className={fieldGrid}>
            <TextField label="E-mail" type="email" required autoComplete="off" inputMode="email" {...bind('email')} />
            <SelectField label="Role" required options={options} placeholder={roles.status === 'loading' ? 'Loading...' : 'Choose a role'} {...bind('role')} />
          </div>
        </Panel>
        <div className={formActions}>
          <Button type="submit" loading={saving} loadingText="Sending..." className={css({ minW: '40' })}>
            Send invitation
          </Button>
        </div>
      </form>
    </>
  );
}
