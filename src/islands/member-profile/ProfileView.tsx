/** Every field of a member's profile in four groups: personal, academic, contact, library. */
import { grid } from 'styled-system/patterns';
import { badge } from 'styled-system/recipes';
import { Facts } from '../../components/Facts';
import { Panel } from '../../components/Panel';
import { memberStatus } from '../../lib/member-profile-view';
import type { MemberProfile as Profile } from '../../lib/schemas/profiles';

export function ProfileView({ profile }: { profile: Profile }) {
  const [status, tone] = memberStatus(profile);
  const fine = profile.fine_amount ?? '0.00';
  return (
    <div className={grid({ columns: { base: 1, lg: 2 }, gap: '6' })}>
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
            ['Department', profile.department_name],
            ['Session', profile.session_name],
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
