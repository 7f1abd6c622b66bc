/**
 * The member CSV bulk import (`POST users/bulk-upload-members/`): the member-specific part of the
 * streamed import (`../imports/csv-import.ts` reads the file, caps the errors, batches and audits).
 *
 * - Columns: the member template's 21 (src/lib/member-rules.ts); the header must hold username,
 *   email, password, first_name and last_name. Each row is checked with the rules of the single
 *   registration (username characters, e-mail, password strength, CNIC, mobile numbers,
 *   registration id, shift DAY or NIGHT, fee); department and session are given by name (any
 *   letter case) or id. A username, e-mail, registration id or membership id already used by an
 *   earlier row is refused with that row's number.
 * - Each batch is checked against the database (taken names, unknown departments and sessions),
 *   its passwords, hashed in parallel on argon2's own threads from the moment each row is read
 *   (never on the request thread), are awaited,
 *   then the accounts, roles, profiles, set-password tokens, one audit entry per member and each
 *   member's welcome mail (queued in the outbox, with a link to choose his password; the CSV's
 *   password is never mailed) are written in one transaction: a crash keeps whole batches with
 *   all of their mails. Members are active and verified, their memberships started (`membership.ts`);
 *   after each commit delivery is kicked.
 */
import { sql } from 'kysely';
import type { AppContext, AuthUser } from '../../context.js';
import type { Db } from '../../db/schema.js';
import { nowIso } from '../../db/values.js';
import { queueMails, type MailRequest } from '../../mail/mailer.js';
import { describeLifetime } from '../../mail/templates.js';
import { MEMBER_CSV_COLUMNS, MEMBER_CSV_REQUIRED, type MemberCsvColumn } from '#shared/member-rules';
import type { AuditAction } from '#shared/audit-actions';
import { CsvImport, type SavedBatch } from '../imports/csv-import.js';
import { encodeUid, issueOneTimeToken } from '../accounts/one-time-tokens.js';
import { hashPassword } from '../accounts/passwords.js';
import type { MemberDetails } from '../users/schemas.js';
import { EMAIL_TAKEN, memberIdPattern, nextMemberId, USERNAME_MESSAGES } from '../users/service.js';
import { readSettings } from '../settings/service.js';
import { UNIQUE_PROFILE_MESSAGES } from './register.js';
import { startMemberships } from './membership.js';
import { readLibraryToday } from '../../lib/library-clock.js';
import { parseMemberCsvRow } from './schemas.js';
import { siteLink } from '../../lib/site-links.js';

/** Rows per transaction: each batch hashes this many passwords in parallel. */
export const MEMBER_BATCH_SIZE = 250;

interface ValidMember {
  row: number;
  /** The password's hash, started as soon as the row is valid (see `checkRow`). */
  hashing: Promise<string>;
  username: string;
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  details: MemberDetails;
  department: string;
  session: string;
}

interface ReadyMember extends ValidMember {
  passwordHash: string;
  departmentId: number | null;
  sessionId: number | null;
}

/** Columns whose values must be unique across members (any letter case). */
const UNIQUE_IN_FILE = ['username', 'email', 'registration_id', 'library_membership_id'] as const;
type UniqueColumn = (typeof UNIQUE_IN_FILE)[number];

const chunks = <T>(items: T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/** Which of these lower-cased values a column already holds. */
async function taken(db: Db, table: 'users' | 'member_profiles', column: string, values: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of chunks(values, 500)) {
    if (part.length === 0) continue;
    const rows = await sql<{ v: string }>`select lower(${sql.ref(column)}) as v from ${sql.table(table)} where lower(${sql.ref(column)}) in (${sql.join(part)})`.execute(db);
    for (const r of rows.rows) found.add(r.v);
  }
  return found;
}

/** A department or session named by id or by name (any case), from a lookup of both. */
interface Lookup {
  ids: Set<number>;
  byName: Map<string, number>;
}

async function lookup(db: Db, table: 'departments' | 'academic_sessions'): Promise<Lookup> {
  const rows =
    table === 'departments'
      ? await db.selectFrom('departments').select(['id', 'name']).execute()
      : await db.selectFrom('academic_sessions').select(['id', 'session_range as name']).execute();
  return { ids: new Set(rows.map((r) => r.id)), byName: new Map(rows.map((r) => [r.name.trim().toLowerCase(), r.id])) };
}

const resolve = (value: string, found: Lookup): number | null | undefined => {
  const v = value.trim();
  if (!v) return null;
  if (/^\d{1,10}$/.test(v) && found.ids.has(Number(v))) return Number(v);
  return found.byName.get(v.toLowerCase());
};

/** One streamed member import (see `CsvImport` for the order of calls). */
export class MemberCsvImport extends CsvImport<MemberCsvColumn, ValidMember> {
  private readonly firstRowOf: Record<UniqueColumn, Map<string, number>> = {
    username: new Map(),
    email: new Map(),
    registration_id: new Map(),
    library_membership_id: new Map(),
  };
  private lookups: { department: Lookup; session: Lookup } | undefined;
  private memberRoleId: number | undefined;

  constructor(ctx: AppContext, user: AuthUser) {
    super(ctx, user, {
      columns: MEMBER_CSV_COLUMNS,
      required: MEMBER_CSV_REQUIRED,
      audit: { action: 'MEMBERS_IMPORTED', entity: 'member_import' },
      batchSize: MEMBER_BATCH_SIZE,
    });
  }

  protected checkRow(rowNumber: number, row: Record<MemberCsvColumn, string>): ValidMember | undefined {
    const { account, details, fields } = parseMemberCsvRow(row);
    const { username, email, password, first_name, last_name } = account;
    const problems = Object.entries(fields).flatMap(([field, messages]) => messages.map((message) => ({ row: rowNumber, field, message })));
    // A value an earlier row took is refused here (the earlier row keeps it).
    const values: Record<UniqueColumn, string | null | undefined> = {
      username,
      email,
      registration_id: details.profile.registration_id,
      library_membership_id: details.profile.library_membership_id,
    };
    for (const column of UNIQUE_IN_FILE) {
      const value = values[column]?.toLowerCase();
      if (!value || column in fields) continue;
      const first = this.firstRowOf[column].get(value);
      if (first === undefined) this.firstRowOf[column].set(value, rowNumber);
      else problems.push({ row: rowNumber, field: column, message: `Duplicate ${column} in this file (first on row ${first}).` });
    }
    this.errors.push(...problems);
    if (problems.length > 0 || !username || !email || !password || !first_name || !last_name) return undefined;
    // Hashing starts now, on argon2's threads, while the rest of the batch is read and checked: the
    // import then takes about the time its hashing needs. A row refused later just drops its hash;
    // the side branch keeps a failed hash of a dropped row from being an unhandled rejection.
    const hashing = hashPassword(password);
    hashing.catch(() => undefined);
    return { row: rowNumber, hashing, username, email, password, first_name, last_name, details, department: row.department, session: row.session };
  }

  /** Against the database: names taken, unknown departments and sessions; then the passwords are hashed in parallel. */
  protected async prepareBatch(batch: ValidMember[]): Promise<ReadyMember[]> {
    const db = this.ctx.db;
    const refuse = (r: ValidMember, field: string, message: string): false => {
      this.errors.push({ row: r.row, field, message });
      return false;
    };
    const lowered = (pick: (r: ValidMember) => string | null | undefined) => batch.map(pick).filter((v): v is string => !!v).map((v) => v.toLowerCase());
    const usernames = await taken(db, 'users', 'username', lowered((r) => r.username));
    const emails = await taken(db, 'users', 'email', lowered((r) => r.email));
    const registrations = await taken(db, 'member_profiles', 'registration_id', lowered((r) => r.details.profile.registration_id));
    const memberships = await taken(db, 'member_profiles', 'library_membership_id', lowered((r) => r.details.profile.library_membership_id));
    const needsLookup = (l: typeof this.lookups) => !l || batch.some((r) => resolve(r.department, l.department) === undefined || resolve(r.session, l.session) === undefined);
    if (needsLookup(this.lookups)) this.lookups = { department: await lookup(db, 'departments'), session: await lookup(db, 'academic_sessions') };
    const { department, session } = this.lookups!;

    const candidates: (ValidMember & { departmentId: number | null; sessionId: number | null })[] = [];
    for (const r of batch) {
      let ok = true;
      if (usernames.has(r.username.toLowerCase())) ok = refuse(r, 'username', USERNAME_MESSAGES.taken);
      if (emails.has(r.email.toLowerCase())) ok = refuse(r, 'email', EMAIL_TAKEN);
      const reg = r.details.profile.registration_id;
      if (reg && registrations.has(reg.toLowerCase())) ok = refuse(r, 'registration_id', UNIQUE_PROFILE_MESSAGES.registration_id);
      const lib = r.details.profile.library_membership_id;
      if (lib && memberships.has(lib.toLowerCase())) ok = refuse(r, 'library_membership_id', UNIQUE_PROFILE_MESSAGES.library_membership_id);
      const departmentId = resolve(r.department, department);
      if (departmentId === undefined) ok = refuse(r, 'department', `Unknown department "${r.department.trim()}".`);
      const sessionId = resolve(r.session, session);
      if (sessionId === undefined) ok = refuse(r, 'session', `Unknown session "${r.session.trim()}".`);
      if (ok) candidates.push({ ...r, departmentId: departmentId ?? null, sessionId: sessionId ?? null });
    }
    // Started when each row was read (argon2 hashes on libuv's worker threads, side by side).
    const hashes = await Promise.all(candidates.map((r) => r.hashing));
    return candidates.map((r, i) => ({ ...r, passwordHash: hashes[i]! }));
  }

  protected async saveBatch(trx: Db, rows: ValidMember[]): Promise<SavedBatch> {
    const ready = rows as ReadyMember[];
    if (ready.length === 0) return { imported: 0, rejected: [] };
    this.memberRoleId ??= (await trx.selectFrom('roles').select('id').where('name', '=', 'MEMBER').executeTakeFirstOrThrow()).id;
    const now = nowIso();
    const users = await trx
      .insertInto('users')
      .values(ready.map((r) => ({
        username: r.username, email: r.email, password_hash: r.passwordHash, first_name: r.first_name, last_name: r.last_name, role: 'MEMBER',
        is_active: 1, is_verified: 1, is_declined: 0, approved_at: now, date_joined: now, last_login: null,
      })))
      .returning(['id', 'username'])
      .execute();
    const idOf = new Map(users.map((u) => [u.username, u.id]));
    await trx.insertInto('user_roles').values(users.map((u) => ({ user_id: u.id, role_id: this.memberRoleId! }))).execute();
    // Member numbers continue from the highest one, in file order.
    const { prefix, width } = memberIdPattern((await readSettings(trx)).member_id_format);
    const start = Number((await nextMemberId(trx)).slice(prefix.length));
    const memberIds = ready.map((_, i) => `${prefix}${String(start + i).padStart(width, '0')}`);
    await trx
      .insertInto('member_profiles')
      .values(ready.map((r, i) => ({
        user_id: idOf.get(r.username)!, member_id: memberIds[i]!, first_name: r.first_name, last_name: r.last_name,
        middle_name: null, profile_photo: null, class_name: null, section: null, father_first_name: null, father_last_name: null,
        department_id: r.departmentId, session_id: r.sessionId, registration_id: null, roll_no: null, shift: null, home_address: null,
        emergency_contact: null, library_membership_id: null, mobile_number: null, cnic: null, payment_proof: null,
        ...r.details.profile,
        // Every row names the same columns: one statement, no column left to a default.
        security_fee: r.details.security_fee ?? 0,
      })))
      .execute();
    const ttl = this.ctx.config.invitationTtl;
    const welcomes: MailRequest[] = [];
    for (const r of ready) {
      const id = idOf.get(r.username)!;
      const issued = await issueOneTimeToken(trx, { userId: id, purpose: 'reset_password', ttlSeconds: ttl });
      const link = siteLink(this.ctx.config.siteUrl, 'reset-password', { uid: encodeUid(id), token: issued.token });
      welcomes.push({ kind: 'welcome_member', to: r.email, userId: id, recipientName: r.first_name || r.username, link, validFor: describeLifetime(ttl) });
    }
    await queueMails(trx, welcomes);
    await trx
      .insertInto('audit_log')
      .values(ready.map((r, i) => ({
        user_id: this.user.id, action: 'MEMBER_IMPORTED' satisfies AuditAction, entity: 'user', entity_id: String(idOf.get(r.username)), before: null,
        after: JSON.stringify({ username: r.username, email: r.email, member_id: memberIds[i], row: r.row }), created_at: now,
      })))
      .execute();
    // Imported approved: their memberships start in the same transaction (fee, audit, notice each).
    await startMemberships(trx, users.map((u) => u.id), await readLibraryToday(trx), { actorId: this.user.id });
    return {
      imported: ready.length,
      rejected: [],
      committed: () => this.ctx.notices.kick(),
    };
  }

  protected finishedDetail(imported: number): string {
    return `${imported} ${imported === 1 ? 'member' : 'members'} created successfully.`;
  }

  protected stoppedDetail(imported: number, through: number): string {
    return `The import stopped part-way: ${imported} members from rows 1–${through} were already created and stay; nothing after row ${through} was imported. Fix the file and upload it again (members already created will be refused as duplicates).`;
  }
}
