/**
 * The staff home's three short lists: recent issues (book and member linking their profiles),
 * newest members with their state, and the members owing most. Each shows only to those who may
 * open the list it reads (`shown`), and a name links to a profile only when that page opens for
 * the user (`mayFollow`); otherwise it is plain text.
 */
import { textLink } from 'styled-system/recipes';
import { MemberStateBadge } from '../../components/MemberStateBadge';
import { Panel } from '../../components/Panel';
import { SummaryTable, type SummaryColumn } from '../../components/home/SummaryTable';
import type { DashboardSection } from '#shared/dashboard-sections';
import { formatDate } from '#shared/dates';
import { mayFollow, type GuardSession } from '../../lib/guard';
import { formatAmount } from '#shared/money';
import { pathFor } from '#shared/routes';
import { isMemberState } from '#shared/member-state';
import type { DashboardSummary } from '#shared/schemas/reports';
import { detail, twoColumns } from '../../components/home/styles';

type Tables = Required<DashboardSummary['tables']>;
type Person = { id: string | number; name: string; username?: string | undefined; member_no?: string | null | undefined };
/** Which profiles the user may open from a list, and how it writes a date. */
type Reading = { memberLinks: boolean; bookLinks: boolean; date: (value: string) => string };
type Columns<Row> = readonly [SummaryColumn<Row>, ...SummaryColumn<Row>[]];

const profileOf = (id: string | number) => pathFor('member-profile-view', { memberId: id });
const who = (person: Person) => [person.username && `@${person.username}`, person.member_no].filter(Boolean).join(' · ');
const phoneDetail = `${detail} phone`;

/** A link when the page opens for the user, else the same words as text. */
function MaybeLink({ href, linked, children }: { href: string; linked: boolean; children: string }) {
  return linked ? (
    <a className={textLink()} href={href}>
      {children}
    </a>
  ) : (
    <span>{children}</span>
  );
}

function MemberCell({ person, linked }: { person: Person; linked: boolean }) {
  const line = who(person);
  return (
    <>
      <MaybeLink href={profileOf(person.id)} linked={linked}>
        {person.name || person.username || `#${person.id}`}
      </MaybeLink>
      {line && <span className={detail}>{line}</span>}
    </>
  );
}

/** The three lists' columns; the first names the row (dates of wide columns repeat under it on phones). */
const recentIssueColumns = ({ memberLinks, bookLinks, date }: Reading): Columns<Tables['recent_issues'][number]> => [
  {
    header: 'Book',
    cell: (loan) => (
      <>
        <MaybeLink href={pathFor('book-profile', { bookId: loan.book.id })} linked={bookLinks}>
          {loan.book.title}
        </MaybeLink>
        <span className={phoneDetail}>
          Issued {date(loan.issue_date)}, due {date(loan.due_date)}
        </span>
      </>
    ),
  },
  { header: 'Member', cell: (loan) => <MemberCell person={loan.member} linked={memberLinks} /> },
  { header: 'Issued', className: 'nowrap wide', cell: (loan) => date(loan.issue_date) },
  { header: 'Due', className: 'nowrap wide', cell: (loan) => date(loan.due_date) },
];

const newestMemberColumns = ({ memberLinks, date }: Reading): Columns<Tables['newest_members'][number]> => [
  {
    header: 'Member',
    cell: (member) => (
      <>
        <MemberCell person={member} linked={memberLinks} />
        <span className={phoneDetail}>Joined {date(member.date_joined)}</span>
      </>
    ),
  },
  { header: 'Joined', className: 'nowrap wide', cell: (member) => date(member.date_joined) },
  { header: 'State', cell: (member) => (isMemberState(member.state) ? <MemberStateBadge state={member.state} /> : member.state) },
];

const defaulterColumns = ({ memberLinks }: Reading): Columns<Tables['top_defaulters'][number]> => [
  { header: 'Member', cell: (member) => <MemberCell person={member} linked={memberLinks} /> },
  { header: 'Fines', className: 'end', cell: (member) => member.fines },
  { header: 'Owed', className: 'end', cell: (member) => formatAmount(member.owed) ?? '—' },
];

interface SummaryTablesProps {
  tables: DashboardSummary['tables'];
  /** The sections the user may read (`sectionsShown`); the others are not drawn whatever the answer holds. */
  shown: ReadonlySet<DashboardSection>;
  session: GuardSession | null;
  dateFormat?: string | null | undefined;
}

export function SummaryTables({ tables, shown, session, dateFormat }: SummaryTablesProps) {
  const reading: Reading = {
    memberLinks: mayFollow('member-profile-view', session),
    bookLinks: mayFollow('book-profile', session),
    date: (value) => formatDate(value, dateFormat) ?? '—',
  };
  const recent = shown.has('recent_issues') ? tables.recent_issues : undefined;
  const newest = shown.has('newest_members') ? tables.newest_members : undefined;
  const owing = shown.has('top_defaulters') ? tables.top_defaulters : undefined;
  const sideBySide = Number(newest !== undefined) + Number(owing !== undefined);
  return (
    <>
      {recent && (
        <Panel title="Recent issues">
          <SummaryTable caption="Recent issues" columns={recentIssueColumns(reading)} rows={recent} rowKey={(loan) => loan.id} empty="No books have been issued yet." />
        </Panel>
      )}
      {sideBySide > 0 && (
        <div className={sideBySide > 1 ? twoColumns : undefined}>
          {newest && (
            <Panel title="Newest members">
              <SummaryTable caption="Newest members" columns={newestMemberColumns(reading)} rows={newest} rowKey={(member) => member.id} empty="No members have joined yet." />
            </Panel>
          )}
          {owing && (
            <Panel title="Top defaulters">
              <SummaryTable caption="Top defaulters" columns={defaulterColumns(reading)} rows={owing} rowKey={(member) => member.id} empty="No member owes a fine." />
            </Panel>
          )}
        </div>
      )}
    </>
  );
}
