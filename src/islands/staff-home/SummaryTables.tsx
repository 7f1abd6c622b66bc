/**
 * The staff home's three short lists: recent issues (book and member linking their profiles),
 * newest members with their state, and the members owing most.
 */
import { css } from 'styled-system/css';
import { textLink } from 'styled-system/recipes';
import { MemberStateBadge } from '../../components/MemberStateBadge';
import { Panel } from '../../components/Panel';
import { formatDate } from '../../lib/dates';
import { formatAmount } from '../../lib/money';
import { pathFor } from '../../lib/routes';
import { MEMBER_STATES, type MemberState } from '../../lib/schemas/member-lists';
import type { DashboardSummary } from '../../lib/schemas/reports';
import { detail, muted, table, tableWrap, twoColumns } from '../../components/home/styles';

type Tables = DashboardSummary['tables'];

const isMemberState = (state: string): state is MemberState => (MEMBER_STATES as readonly string[]).includes(state);
const profileOf = (id: string | number) => pathFor('member-profile-view', { memberId: id });
const who = (person: { name: string; username?: string | undefined; member_no?: string | null | undefined }) => [person.username && `@${person.username}`, person.member_no].filter(Boolean).join(' · ');

function MemberCell({ person }: { person: { id: string | number; name: string; username?: string | undefined; member_no?: string | null | undefined } }) {
  const line = who(person);
  return (
    <>
      <a className={textLink()} href={profileOf(person.id)}>
        {person.name || person.username || `#${person.id}`}
      </a>
      {line && <span className={detail}>{line}</span>}
    </>
  );
}

export function SummaryTables({ tables, dateFormat }: { tables: Tables; dateFormat?: string | null | undefined }) {
  const date = (value: string) => formatDate(value, dateFormat) ?? '—';
  return (
    <>
      <Panel title="Recent issues">
        {tables.recent_issues.length === 0 ? (
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
                {tables.recent_issues.map((loan) => (
                  <tr key={loan.id}>
                    <th scope="row">
                      <a className={textLink()} href={pathFor('book-profile', { bookId: loan.book.id })}>
                        {loan.book.title}
                      </a>
                      <span className={`${detail} phone`}>
                        Issued {date(loan.issue_date)}, due {date(loan.due_date)}
                      </span>
                    </th>
                    <td>
                      <MemberCell person={loan.member} />
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
      <div className={twoColumns}>
        <Panel title="Newest members">
          {tables.newest_members.length === 0 ? (
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
                  {tables.newest_members.map((member) => (
                    <tr key={member.id}>
                      <th scope="row">
                        <MemberCell person={member} />
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
        <Panel title="Top defaulters">
          {tables.top_defaulters.length === 0 ? (
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
                  {tables.top_defaulters.map((member) => (
                    <tr key={member.id}>
                      <th scope="row">
                        <MemberCell person={member} />
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
      </div>
    </>
  );
}
