/**
 * The staff home's rules, pure: the period of its charts (Day, Week, Month; kept in the URL as
 * `?period=`), how a card's figure reads, and which cards, charts and tables a user sees.
 * Where a card leads: `dashboardPath` of dashboard-path.ts; which section reads which list:
 * dashboard-sections.ts; which links open: `mayFollow` of guard.ts.
 */
import { formatChartValue } from './charts';
import { dashboardPath, routeOfDashboardLink } from '#shared/dashboard-path';
import { sectionsFor, type DashboardSection } from '#shared/dashboard-sections';
import { mayOpen, type GuardSession } from './guard';
import { holdsPermission } from './permissions';
import type { DashboardCard, DashboardSummary } from '#shared/schemas/reports';

export type DashboardPeriod = DashboardSummary['period'];

/** The period switch's choices, in order. */
export const PERIODS: readonly { value: DashboardPeriod; label: string }[] = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
];

/** The period when the URL names none (or one that is not a period). */
export const DEFAULT_PERIOD: DashboardPeriod = 'week';

/** The period a URL query asks for (`?period=month`), else the default. */
export function periodFromSearch(search: string): DashboardPeriod {
  const asked = new URLSearchParams(search).get('period');
  return PERIODS.find((period) => period.value === asked)?.value ?? DEFAULT_PERIOD;
}

/** The query with the period set (other parameters kept); the default period is left out. */
export function searchWithPeriod(search: string, period: DashboardPeriod): string {
  const params = new URLSearchParams(search);
  if (period === DEFAULT_PERIOD) params.delete('period');
  else params.set('period', period);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A card's figure for people: "12" or "Rs. 1,250.00". */
export const cardValue = (card: Pick<DashboardCard, 'kind' | 'value'>): string => formatChartValue(card.value, card.kind);

/** A card as the home draws it: its figure formatted, its list as a dashboard link. */
export function cardFigure(card: DashboardCard): { key: string; label: string; value: string; href: string | null } {
  return { key: card.key, label: card.label, value: cardValue(card), href: dashboardPath(card.href) };
}

/**
 * The cards a user sees: those without a list, and those whose list's page he may open (the
 * route table's permission through the page guard), so no card leads to "You do not have access".
 * The server leaves out the others too; this holds for any answer.
 */
export function cardsFor<Card extends Pick<DashboardCard, 'href'>>(cards: readonly Card[], session: GuardSession | null): Card[] {
  return cards.filter((card) => {
    if (!card.href) return true;
    const target = routeOfDashboardLink(card.href);
    return target !== null && mayOpen(target, session);
  });
}

/**
 * The charts and tables a user sees: those whose list he may open (dashboard-sections.ts). The
 * server leaves out the others too; this holds for any answer.
 */
export function sectionsShown(session: GuardSession | null): ReadonlySet<DashboardSection> {
  return new Set(session ? sectionsFor((permission) => holdsPermission(session, permission)) : []);
}
