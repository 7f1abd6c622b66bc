/**
 * The Notification History Panel's rules as pure data: what it keeps in the URL (filters by
 * member, notice type, status, channel and a date range), the log call's query from that state,
 * the wording of types, statuses and channels, and how a moment (an ISO timestamp) reads in the
 * library's zone and formats. The bell's list uses the same moment wording.
 */
import type { NotificationLogQuery } from './api/notifications';
import { formatDate, parseDate } from '#shared/dates';
import { NOTICE_TYPES } from '#shared/notice-templates';
import { choiceFilter, idFilter, type FilterParser, type TableSpec, type TableState } from './table-query';
import { LOG_CHANNELS, LOG_STATUSES, channelLabel, logStatusLabel, noticeLabel } from '#shared/notification-log';

export { LOG_CHANNELS, LOG_STATUSES, channelLabel, noticeLabel };

/** The type filter's choices: every notice, plus the account mails (sign-up, password...). */
export const LOG_TYPES = [...NOTICE_TYPES, 'account'] as const;

export type LogFilter = 'member' | 'type' | 'status' | 'channel' | 'date_from' | 'date_to';

const dateFilter: FilterParser = (raw) => parseDate(raw) ?? undefined;

/** What the history panel keeps in its URL. */
export const NOTIFICATION_LOG_SPEC: TableSpec<LogFilter> = {
  filters: {
    member: idFilter,
    type: choiceFilter(LOG_TYPES),
    status: choiceFilter(LOG_STATUSES),
    channel: choiceFilter(LOG_CHANNELS),
    date_from: dateFilter,
    date_to: dateFilter,
  },
  sortKeys: [],
  defaultPageSize: 20,
};

/** The log call's query for a panel state. */
export function logQueryFromState(state: TableState<LogFilter>): NotificationLogQuery {
  return { search: state.search.trim(), ...state.filters, page: state.page, page_size: state.pageSize };
}


/** The CSV export's query: every filter and the search of the panel, no paging (the server bounds the rows). */
export function logExportQuery(state: TableState<LogFilter>): Record<string, string> {
  return { search: state.search.trim(), ...state.filters, format: 'csv' };
}

/**
 * The panel's filters in words, one line each, for the print: the dates in the library's format,
 * the search, the member (his name when known, else his id), the notice, the status and the channel.
 */
export function logFiltersInWords(state: TableState<LogFilter>, dateFormat: string | null | undefined, memberName: (id: string) => string | null): string[] {
  const day = (date: string) => formatDate(date, dateFormat) ?? date;
  const { date_from: from, date_to: to, member, type, status, channel } = state.filters;
  const dates = from && to ? `${day(from)} to ${day(to)}` : from ? `from ${day(from)}` : to ? `up to ${day(to)}` : 'all';
  const lines = [`Dates: ${dates}`];
  if (state.search.trim()) lines.push(`Search: “${state.search.trim()}”`);
  if (member) lines.push(`Member: ${memberName(member) ?? `user ${member}`}`);
  if (type) lines.push(`Notice: ${noticeLabel(type)}`);
  if (status) lines.push(`Status: ${logStatusLabel(status)}`);
  if (channel) lines.push(`Channel: ${channelLabel(channel)}`);
  return lines;
}

/** A status as the panel shows it, with its badge tone. */
export function statusBadge(status: string): { label: string; tone: 'success' | 'warning' | 'danger' | 'neutral' } {
  const tone = status === 'SENT' ? 'success' : status === 'FAILED' ? 'danger' : status === 'PENDING' ? 'warning' : 'neutral';
  return { label: logStatusLabel(status), tone };
}


/** Whether a row may be sent again: a failed e-mail, for a holder of change_notificationsettings. */
export const canResend = (row: { status: string; channel: string }, mayChange: boolean): boolean =>
  mayChange && row.status === 'FAILED' && row.channel === 'email';

/** A moment in the library's zone and formats lives with the other dates; the panel and the bell read it from here too. */
