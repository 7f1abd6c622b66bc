/** The member lists' columns: member (links to the profile), member number, e-mail, department, plan, joined, state. */
import { cx } from 'styled-system/css';
import { table, text, textLink } from 'styled-system/recipes';
import type { DataTableColumn } from '../../components/data-table/DataTable';
import { badgeCell as stateCell } from '../../components/server-list/cells';
import { MemberStateBadge } from '../../components/MemberStateBadge';
import { LibraryDate } from '../../components/LibraryDate';
import { displayName } from '#shared/person-name';
import { pathFor } from '#shared/routes';
import type { MemberListItem } from '../../lib/schemas/member-lists';

const none = text({ tone: 'muted' });
const { cellStack: who, cellDetail: handle, cellNumber } = table();
const mono = cx(cellNumber, text({ mono: true, size: 'xs' }));

const orDash = (value: string | null | undefined) => (value ? value : <span className={none}>—</span>);

/** Columns of every member list (the same four screens, one table). */
export const MEMBER_COLUMNS: readonly DataTableColumn<MemberListItem>[] = [
  {
    id: 'member',
    header: 'Member',
    sortKey: 'username',
    rowHeader: true,
    cell: (member) => (
      <span className={who}>
        <a className={textLink()} href={pathFor('member-profile-view', { memberId: member.id })}>
          {displayName(member)}
        </a>
        <span className={handle}>@{member.username}</span>
      </span>
    ),
  },
  { id: 'member_id', header: 'Member ID', cell: (member) => (member.member_id ? <span className={mono}>{member.member_id}</span> : orDash(null)) },
  { id: 'email', header: 'E-mail', sortKey: 'email', hideBelow: 'lg', cell: (member) => orDash(member.email) },
  { id: 'department', header: 'Department', hideBelow: '2xl', cell: (member) => orDash(member.department_name) },
  { id: 'plan', header: 'Plan', hideBelow: '2xl', cell: (member) => orDash(member.plan?.name) },
  { id: 'joined', header: 'Joined', sortKey: 'date_joined', hideBelow: '2xl', cell: (member) => (member.date_joined ? <LibraryDate value={member.date_joined.slice(0, 10)} /> : orDash(null)) },
  {
    id: 'state',
    header: 'State',
    // Approving an unverified registration does not let him in yet: sign-in still asks for the e-mail link.
    cell: (member) => (
      <span className={stateCell}>
        <MemberStateBadge state={member.state} />
        {member.is_verified === false && <span className={handle}>E-mail not verified</span>}
      </span>
    ),
  },
];
