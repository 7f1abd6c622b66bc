/**
 * The member panel of the checkout session: photo, name and number, plan, membership validity,
 * what he owes, his blocks in words (and who may override them), his loans with due dates (overdue
 * marked, each with Mark lost for those allowed) and the holds ready for him; Renew membership and
 * Place a hold for those allowed.
 */
import { css } from 'styled-system/css';
import { badge, card, table, toolbar } from 'styled-system/recipes';
import { formatDate } from '#shared/dates';
import { MEMBERSHIP_STANDING_TEXT, membershipStanding } from '#shared/membership';
import { blockAdvice } from '../../lib/checkout-session';
import { owedText, panelLoans, panelMembership, type PanelLoan } from '../../lib/checkout-session-panel';
import type { DeskPanel } from '../../lib/schemas/desk';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { useTableScroll } from '../use-table-scroll';

const head = css({ display: 'flex', gap: '4', alignItems: 'flex-start', flexWrap: 'wrap' });
const photo = css({ w: '16', h: '20', objectFit: 'cover', borderRadius: 'md', borderWidth: '1px', borderColor: 'border.default', bg: 'bg.muted', display: 'grid', placeItems: 'center', fontWeight: 'bold', fontSize: 'xl', color: 'fg.muted', flexShrink: '0' });
const facts = css({ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: '4', rowGap: '1', fontSize: 'sm', '& dt': { color: 'fg.muted' }, '& dd': { fontWeight: 'medium' } });
const name = css({ fontSize: 'lg', fontWeight: 'semibold', overflowWrap: 'anywhere' });
const sub = css({ fontSize: 'sm', fontWeight: 'semibold', mt: '4', mb: '1' });
const list = css({ pl: '0', listStyle: 'none', fontSize: 'sm', display: 'flex', flexDirection: 'column', gap: '1' });
const blockList = css({ pl: '4', listStyle: 'disc' });
const tableParts = table({ layout: 'plain' });
const copyLine = css({ display: 'block', fontFamily: 'mono', fontSize: 'xs', color: 'fg.muted' });

export interface MemberPanelProps {
  panel: DeskPanel;
  today: string;
  dateFormat: string | null | undefined;
  onRenew?: (() => void) | undefined;
  onHold?: (() => void) | undefined;
  onLost?: ((loan: PanelLoan) => void) | undefined;
}

const initials = (text: string) => text.split(/\s+/).map((w) => w[0] ?? '').join('').slice(0, 2).toUpperCase();

export function MemberPanel({ panel, today, dateFormat, onRenew, onHold, onLost }: MemberPanelProps) {
  const { member } = panel;
  const shown = member.full_name || member.username;
  const standing = membershipStanding(member.membership_expires ?? null, today);
  const loans = panelLoans(panel.loans, dateFormat);
  const scrollBox = useTableScroll('Loans');
  return (
    <section className={card({ padding: 'lg' })} aria-label={`Member ${shown}`}>
      <div className={head}>
        {member.photo_url ? <img src={member.photo_url} alt={`Photo of ${shown}`} className={photo} /> : <span className={photo} aria-hidden="true">{initials(shown)}</span>}
        <div className={css({ flex: '1', minW: '12rem' })}>
          <h2 className={name}>{shown}</h2>
          <dl className={facts}>
            <dt>Member number</dt>
            <dd>{member.member_id || '—'}</dd>
            <dt>Plan</dt>
            <dd>{member.plan?.name ?? 'Default'}</dd>
            <dt>Membership</dt>
            <dd>
              {panelMembership(panel, today, dateFormat)}{' '}
              <span className={badge({ tone: standing === 'expired' ? 'danger' : standing === 'active' ? 'success' : 'warning' })}>{MEMBERSHIP_STANDING_TEXT[standing]}</span>
            </dd>
            <dt>Fines owed</dt>
            <dd>{owedText(panel.owed)}</dd>
          </dl>
        </div>
        <div className={toolbar({ gap: 'sm' })}>
          {onRenew && (
            <Button variant="outline" size="sm" onClick={onRenew}>
              Renew membership
            </Button>
          )}
          {onHold && (
            <Button variant="outline" size="sm" onClick={onHold}>
              Place a hold
            </Button>
          )}
        </div>
      </div>
      {panel.blocks.length > 0 && (
        <Alert tone="error" title="Blocked" className={css({ mt: '4' })}>
          <ul className={blockList}>
            {panel.blocks.map((block) => (
              <li key={block.code}>{block.reason}</li>
            ))}
          </ul>
          {blockAdvice(panel.can_override) && <p>{blockAdvice(panel.can_override)}</p>}
        </Alert>
      )}
      <h3 className={sub}>Loans ({loans.length})</h3>
      {loans.length === 0 ? (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>No books out.</p>
      ) : (
        <div className={tableParts.root} {...scrollBox}>
          <table className={tableParts.table}>
            <thead>
              <tr>
                <th>Title</th>
                <th>Due</th>
              </tr>
            </thead>
            <tbody>
              {loans.map((loan) => (
                <tr key={loan.id}>
                  <td>
                    {loan.title}
                    {loan.accessionNo && <span className={copyLine}>{loan.accessionNo}</span>}
                    {/* In the title's cell, so the panel fits a phone without a third column. */}
                    {onLost && (
                      <Button variant="ghost" size="sm" onClick={() => onLost(loan)} aria-label={`Mark ${loan.title} lost`}>
                        Mark lost
                      </Button>
                    )}
                  </td>
                  <td className="nowrap">
                    {loan.due} {loan.overdue && <span className={badge({ tone: 'danger' })}>Overdue</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h3 className={sub}>Holds ready for pickup ({panel.holds_ready.length})</h3>
      {panel.holds_ready.length === 0 ? (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>None{panel.holds_waiting ? `; ${panel.holds_waiting} waiting in queues` : ''}.</p>
      ) : (
        <ul className={list}>
          {panel.holds_ready.map((hold) => (
            <li key={String(hold.reservation_id)}>
              {hold.book.title}
              {hold.copy ? ` · ${hold.copy.accession_no}` : ''}
              {hold.hold_until ? ` · pick up by ${formatDate(hold.hold_until, dateFormat) ?? hold.hold_until}` : ''}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
