/**
 * The staff home's three short lists: recent issues (book and member linking their profiles),
 * newest members with their state, and the members owing most. Each shows only to those who may
 * open the list it reads (`shown`), and a name links to a profile only when that page opens for
 * the user (`mayFollow`); otherwise it is plain text.
 */
import { css } from 'styled-system/css';
import { textLink } from 'styled-system/recipes';
import { MemberStateBadge } from '../../components/MemberStateBadge';
import { Panel } from '../../components/Panel';
import type { DashboardSection } from '#shared/dashboard-sections';
import { formatDate } from '#shared/dates';
import { mayFollow, type GuardSession } from '../../lib/guard';
import { formatAmount } from '#shared/money';
import { pathFor } from '#shared/routes';
import { MEMBER_STATES, type MemberState } from '../../lib/schemas/member-lists';
import type { DashboardSummary } from '#shared/schemas/reports';
import { detail, muted, table, tableWrap, twoColumns } from '../../components/home/styles';

type Tables = Required<DashboardSummary['tables']>;
type Person = { id: string | number; name: string; username?: string | undefined; member_no?: string | null | undefined };
/** Which profiles the user may open from a list, and how it writes a date. */
type Reading = { memberLinks: boolean; bookLinks: boolean; date: (value: string) => string };

const isMemberState = (state: string): state is MemberState => (MEMBER_STATES as readonly string[]).includes(state);
const profileOf = (id: string | number) => pathFor('member-profile-view', { memberId: id });
const who = (person: Person) => [person.username && `@${person.username}`, person.member_no].filter(Boolean).join(' · ');

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

function RecentIssues({ rows, reading: { memberLinks, bookLinks, date } }: { rows: Tables['recent_issues']; reading: Reading }) {
  return (
    <Panel title="Recent issues">
      {rows.length === 0 ? (
        <p className={muted}>No books have been issued yet.</p>
      ) : (
        <div className={tableWrap}>
          <table className={table}>
            <caption className={css({ srOnly: true })}>Recent issues</caption>
            <thead>
              <tr>
                <th scope="col">Book</th>
                <th scope="col">Member</th>
                <th scope="col" className="wide">
                  Issued
                </th>
                <th scope="col" className="wide">
                  Due
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((loan) => (
                <tr key={loan.id}>
                  <th scope="row">
                    <MaybeLink href={pathFor('book-profile', { bookId: loan.book.id })} linked={bookLinks}>
                      {loan.book.title}
                    </MaybeLink>
                    <span className={`${detail} phone`}>
                      Issued {date(loan.issue_date)}, due {date(loan.due_date)}
                    </span>
                  </th>
                  <td>
                    <MemberCell person={loan.member} linked={memberLinks} />
                  </td>
                  <td className="nowrap wide">{date(loan.issue_date)}</td>
                  <td className="nowrap wide">{date(loan.due_date)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}

function NewestMembers({ rows, reading: { memberLinks, date } }: { rows: Tables['newest_members']; reading: Reading }) {
  return (
    <Panel title="Newest members">
      {rows.length === 0 ? (
        <p className={muted}>No members have joined yet.</p>
      ) : (
        <div className={tableWrap}>
          <table className={table}>
            <caption className={css({ srOnly: true })}>Newest members</caption>
            <thead>
              <tr>
                <th scope="col">Member</th>
                <th scope="col" className="wide">
                  Joined
                </th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((member) => (
                <tr key={member.id}>
                  <th scope="row">
                    <MemberCell person={member} linked={memberLinks} />
                    <span className={`${detail} phone`}>Joined {date(member.date_joined)}</span>
                  </th>
                  <td className="nowrap wide">{date(member.date_joined)}</td>
                  <td>{isMemberState(member.state) ? <MemberStateBadge state={member.state} /> : member.state}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}

function TopDefaulters({ rows, reading: { memberLinks } }: { rows: Tables['top_defaulters']; reading: Reading }) {
  return (
    <Panel title="Top defaulters">
      {rows.length === 0 ? (
        <p className={muted}>No member owes a fine.</p>
      ) : (
        <div className={tableWrap}>
          <table className={table}>
            <caption className={css({ srOnly: true })}>Top defaulters</caption>
            <thead>
              <tr>
                <th scope="col">Member</th>
                <th scope="col" className="end">
                  Fines
                </th>
                <th scope="col" className="end">
                  Owed
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((member) => (
                <tr key={member.id}>
                  <th scope="row">
                    <MemberCell person={member} linked={memberLinks} />
                  </th>
                  <td className="end">{member.fines}</td>
                  <td className="end">{formatAmount(member.owed) ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}

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
      {recent && <RecentIssues rows={recent} reading={reading} />}
      {sideBySide > 0 && (
        <div className={sideBySide > 1 ? twoColumns : undefined}>
          {newest && <NewestMembers rows={newest} reading={reading} />}
          {owing && <TopDefaulters rows={owing} reading={reading} />}
        </div>
      )}
    </>
  );
}
