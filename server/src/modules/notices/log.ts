/**
 * The notification log as the Notification History Panel reads it: every mail and in-app notice
 * with its member, newest first, in one query per page (the user and his profile joined, never a
 * query per row); the same filtered log as a CSV file; one row with its text (never an account
 * mail's); and sending a failed e-mail again as a fresh copy.
 */
import { sql } from 'kysely';
import type { AppContext, AuthUser } from '../../context.js';
import { matchesAny } from '../../db/like.js';
import { fullNameSql } from '../../db/person-name.js';
import type { Db } from '../../db/schema.js';
import { nowIso } from '../../db/values.js';
import { badRequest, notFound } from '../../errors.js';
import { pageWindow, type PageWindow } from '../../http/paging.js';
import { recordAudit } from '../audit/service.js';
import { readSettings } from '../settings/service.js';
import { endOfLibraryDay, startOfLibraryDay } from '#shared/dates';
import type { LogQuery } from './schemas.js';
import { fullName } from '#shared/person-name';
import { toCsvRows } from '#shared/csv';
import { NOTIFICATION_LOG_CSV_COLUMNS, channelLabel, logStatusLabel, noticeLabel } from '#shared/notification-log';
import { REPORT_EXPORT_MAX_ROWS, exportCutMessage } from '#shared/report-catalogue';

export const RESEND_ONLY_FAILED = 'Only failed e-mails can be sent again.';

/** One log row as the panel shows it. */
export interface LogEntryView {
  id: number;
  created_at: string;
  sent_at: string | null;
  user: { id: number; username: string; full_name: string; member_id: string | null } | null;
  recipient: string;
  notice_type: string | null;
  kind: string;
  channel: string;
  status: 'PENDING' | 'SENT' | 'FAILED';
  attempts: number;
  next_attempt_at: string | null;
  error: string | null;
  subject: string;
}

/** The row plus the text that was (or will be) sent. */
export type LogEntryDetail = LogEntryView & { body_text: string | null };

function logRows(db: Db) {
  return db
    .selectFrom('notification_log as n')
    .leftJoin('users as u', 'u.id', 'n.user_id')
    .leftJoin('member_profiles as p', 'p.user_id', 'n.user_id');
}

function selectEntry(db: Db) {
  return logRows(db).select([
    'n.id', 'n.created_at', 'n.sent_at', 'n.user_id', 'n.recipient', 'n.notice_type', 'n.kind', 'n.channel', 'n.status', 'n.attempts',
    'n.next_attempt_at', 'n.error', 'n.subject', 'n.body_text', 'u.username', 'u.first_name', 'u.last_name', 'p.member_id',
  ]);
}

type EntryRow = Awaited<ReturnType<ReturnType<typeof selectEntry>['executeTakeFirstOrThrow']>>;

function toView(r: EntryRow): LogEntryView {
  return {
    id: r.id,
    created_at: r.created_at,
    sent_at: r.sent_at,
    user: r.user_id !== null && r.username !== null ? { id: r.user_id, username: r.username, full_name: fullName([r.first_name, r.last_name]), member_id: r.member_id } : null,
    recipient: r.recipient,
    notice_type: r.notice_type,
    kind: r.kind,
    channel: r.channel,
    // A row being sent right now is still pending to a reader.
    status: r.status === 'SENDING' ? 'PENDING' : r.status,
    attempts: r.attempts,
    next_attempt_at: r.next_attempt_at,
    error: r.error,
    subject: r.subject,
  };
}

/** The log's rows narrowed by the query's filters (member, type, status, channel, library dates, search). */
function filteredBy(query: LogQuery, timezone: string) {
  return <Q extends ReturnType<typeof logRows>>(q: Q): Q => {
    let out = q;
    if (query.member !== undefined) out = out.where('n.user_id', '=', query.member) as Q;
    if (query.type === 'account') out = out.where('n.notice_type', 'is', null) as Q;
    else if (query.type !== undefined) out = out.where('n.notice_type', '=', query.type) as Q;
    if (query.status === 'PENDING') out = out.where('n.status', 'in', ['PENDING', 'SENDING']) as Q;
    else if (query.status !== undefined) out = out.where('n.status', '=', query.status) as Q;
    if (query.channel !== undefined) out = out.where('n.channel', '=', query.channel) as Q;
    if (query.dateFrom !== undefined) out = out.where('n.created_at', '>=', startOfLibraryDay(query.dateFrom, timezone)) as Q;
    if (query.dateTo !== undefined) out = out.where('n.created_at', '<', endOfLibraryDay(query.dateTo, timezone)) as Q;
    if (query.term !== '') {
      out = out.where(matchesAny(query.term, [sql.ref('u.username'), fullNameSql('u'), sql.ref('p.member_id'), sql.ref('n.recipient')])) as Q;
    }
    return out;
  };
}

/** The log filtered as asked, one page, newest first. */
export async function listLog(db: Db, query: LogQuery): Promise<{ window: PageWindow; results: LogEntryView[] }> {
  const { timezone } = await readSettings(db);
  const filtered = filteredBy(query, timezone);
  const { count } = await filtered(logRows(db)).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const window = pageWindow(Number(count), query.page);
  const rows = await filtered(selectEntry(db)).orderBy('n.created_at', 'desc').orderBy('n.id', 'desc').limit(window.limit).offset(window.offset).execute();
  return { window, results: rows.map(toView) };
}

/** Rows the log's CSV reads at once. */
const LOG_EXPORT_CHUNK = 1000;

const csvCells = (r: LogEntryView): string[] => [
  r.created_at, r.user ? r.user.full_name || r.user.username : '', r.user?.username ?? '', r.user?.member_id ?? '', r.recipient, noticeLabel(r.notice_type, r.kind),
  channelLabel(r.channel), logStatusLabel(r.status), String(r.attempts), r.error ?? '',
];

/**
 * The filtered log as CSV text, newest first, a part at a time (header first; each part ends
 * with a line break), read a chunk at a time; past `max` rows (the reports' export bound) a last
 * line says the export was cut, as the reports' exports do.
 */
export async function* logCsvParts(db: Db, query: LogQuery, max = REPORT_EXPORT_MAX_ROWS): AsyncGenerator<string> {
  const { timezone } = await readSettings(db);
  const filtered = filteredBy(query, timezone);
  yield `${toCsvRows([[...NOTIFICATION_LOG_CSV_COLUMNS]])}\r\n`;
  for (let offset = 0; offset < max; offset += LOG_EXPORT_CHUNK) {
    const limit = Math.min(LOG_EXPORT_CHUNK, max - offset);
    const rows = await filtered(selectEntry(db)).orderBy('n.created_at', 'desc').orderBy('n.id', 'desc').limit(limit + 1).offset(offset).execute();
    const kept = rows.slice(0, limit);
    if (kept.length > 0) yield `${toCsvRows(kept.map((row) => csvCells(toView(row))))}\r\n`;
    if (rows.length <= limit) return;
  }
  yield `${toCsvRows([[exportCutMessage(max)]])}\r\n`;
}

/**
 * One log row with its text; 404 when there is none. An account mail (no notice type) shows no
 * text: it carries a one-time link (set a password, verify an address) meant for its recipient only.
 */
export async function readLogEntry(db: Db, id: number | undefined): Promise<LogEntryDetail> {
  if (id === undefined) throw notFound();
  const row = await selectEntry(db).where('n.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return { ...toView(row), body_text: row.notice_type === null ? null : row.body_text };
}

/**
 * Sends a failed e-mail again: a fresh PENDING copy (attempts 0, due now) of the same text, then
 * a delivery run. The failed row stays as it was, so the log keeps both.
 */
export async function resendLogEntry(ctx: Pick<AppContext, 'db' | 'notices'>, actor: AuthUser, id: number | undefined): Promise<LogEntryDetail> {
  if (id === undefined) throw notFound();
  const copyId = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('notification_log').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    if (row.channel !== 'email' || row.status !== 'FAILED') throw badRequest(RESEND_ONLY_FAILED);
    const now = nowIso();
    const copy = await trx
      .insertInto('notification_log')
      .values({
        user_id: row.user_id, recipient: row.recipient, subject: row.subject, kind: row.kind, notice_type: row.notice_type, channel: 'email',
        status: 'PENDING', attempts: 0, next_attempt_at: now, body_text: row.body_text, body_html: row.body_html, created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { userId: actor.id, action: 'NOTICE_RESENT', entity: 'notification_log', entityId: copy.id, before: { id: row.id, status: row.status }, after: { id: copy.id, status: 'PENDING' } });
    return copy.id;
  });
  const answer = await readLogEntry(ctx.db, copyId);
  ctx.notices.kick();
  return answer;
}
