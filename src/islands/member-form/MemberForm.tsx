/**
 * members/add/form (Add Member): staff register one member with every field of the member
 * template, a photo and a membership plan (`POST /auth/Single-Member-Register/`). Department and
 * session lists come from the reference store, plans from `GET /members/plans/` with the default
 * plan chosen. Server field errors show under their fields, the summary follows the error catalogue
 * (the username message, then detail, else 'Registrations Failed.'), and nothing typed is lost on
 * a refusal. On success the Member List opens (and loads afresh) with a toast.
 */
import { useEffect, type FormEvent } from 'react';
import { button } from 'styled-system/recipes';
import { MemberDetailFields, MemberPhotoPanel } from '../../components/member-fields/MemberDetailFields';
import { PageHeader, Panel, fieldGrid, formActions, stack } from '../../components/Panel';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { PasswordField } from '../../components/ui/PasswordField';
import { TextField } from '../../components/ui/TextField';
import { toastOnNextPage } from '../../components/ui/Toaster';
import { useFileField } from '../../components/use-file-field';
import { useForm } from '../../components/use-form';
import { referenceOptions, sessionLabel, useReferenceList } from '../../components/use-reference-list';
import { registerMember } from '../../lib/api/members';
import { callErrorMessage } from '../../lib/errors';
import {
  MEMBER_FORM_ERROR_FIELDS,
  emptyMemberForm,
  memberRegistrationBody,
  validateMemberForm,
  type MemberFormErrorField,
  type MemberFormField,
  type MemberFormValues,
} from '../../lib/member-form';
import { pathFor } from '#shared/routes';
import { membersChanged } from '../../stores/members';
import { $memberDepartments, $memberSessions } from '../../stores/reference';
import { NOTICES } from '../../lib/notices';
import { PlanField } from '../../components/member-fields/PlanField';
import { usePlanOptions } from '../../components/member-fields/use-plan-options';

export default function MemberForm() {
  const form = useForm<MemberFormValues, MemberFormField, MemberFormErrorField>({ initial: emptyMemberForm() });
  const { formRef, values, summary, saving, bind, setValue, submit } = form;
  const photo = useFileField(form, 'profile_photo', saving);
  const departments = referenceOptions(useReferenceList($memberDepartments));
  const sessions = referenceOptions(useReferenceList($memberSessions), sessionLabel);
  const plans = usePlanOptions();
  const listPath = pathFor('member-list');

  // The default plan is chosen once the plans arrive, unless one was picked meanwhile.
  const defaultPlan = plans.status === 'ready' ? plans.defaultId : '';
  useEffect(() => {
    if (defaultPlan && values?.plan === '') setValue('plan', defaultPlan);
    // Only when the plans arrive: a plan changed afterwards stays as chosen.
  }, [defaultPlan]);

  const save = (event: FormEvent<HTMLFormElement>) =>
    submit(event, {
      validate: validateMemberForm,
      send: async (current) => {
        const member = await registerMember(memberRegistrationBody(current, photo.value));
        membersChanged();
        toastOnNextPage('success', NOTICES.memberAdded(member.username, member.member_id));
        window.location.assign(listPath);
      },
      fields: MEMBER_FORM_ERROR_FIELDS,
      summary: (failure) => callErrorMessage('member-register', failure),
    });

  return (
    <>
      <PageHeader title="Add Member">
        The member is active at once and gets an e-mail with a link to choose a password (unless you set one here).
      </PageHeader>
      <form ref={formRef} onSubmit={save} noValidate className={stack} aria-label="Add Member">
        {summary && <Alert tone="error">{summary}</Alert>}
        <Panel title="Account">
          <div className={fieldGrid}>
            <TextField label="Username" autoComplete="off" required {...bind('username')} />
            <TextField label="E-mail" type="email" autoComplete="off" inputMode="email" required {...bind('email')} />
            <PasswordField
              label="Password"
              autoComplete="new-password"
              helperText="Optional: without one the member chooses it through the e-mailed link."
              {...bind('password')}
            />
          </div>
        </Panel>
        <MemberPhotoPanel currentUrl={null} {...photo.props} />
        <MemberDetailFields
          bind={bind}
          departments={departments}
          sessions={sessions}
          academicExtra={<TextField label="Registration ID" {...bind('registration_id')} />}
        />
        <Panel title="Library">
          <div className={fieldGrid}>
            <PlanField plans={plans} fallback="The member will be on the default plan." {...bind('plan')} />
            <TextField label="Library membership ID" {...bind('library_membership_id')} />
            <TextField label="Security fee (Rs.)" inputMode="decimal" {...bind('security_fee')} />
          </div>
        </Panel>
        <div className={formActions}>
          <a href={listPath} className={button({ variant: 'outline' })} aria-disabled={saving || undefined}>
            Cancel
          </a>
          <Button type="submit" loading={saving} loadingText="Submitting...">
            Submit
          </Button>
        </div>
      </form>
    </>
  );
}
