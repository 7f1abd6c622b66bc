/**
 * Accounts: the rules every new account follows (username, e-mail, password), account
 * creation with the member profile and its generated member id, and invitations.
 */
import { inTransaction } from '../../db/transactions.js';
import { sql, type Kysely } from 'kysely';
import type { RoleName } from '#shared/permission-codes';
import type { AppContext, AuthUser } from '../../context.js';
import { dialectOfDb } from '../../db/connection.js';
import type { Database, Db, UserRow } from '../../db/schema.js';
import { flag, isUniqueViolation, nowIso, violatedConstraint } from '../../db/values.js';
import { badRequest, FieldErrorList, ValidationError } from '../../errors.js';
import { recordAudit } from '../audit/service.js';
import type { AuditAction } from '#shared/audit-actions';
import { findValidToken, issueOneTimeToken, spendToken } from '../accounts/one-time-tokens.js';
import { hashPassword, passwordProblems } from '../accounts/passwords.js';
import { departmentExists, sessionExists } from '../reference/service.js';
import { addUserToRole } from '../roles/service.js';
import { readSettings } from '../settings/service.js';
import { queueMail } from '../../mail/mailer.js';
import { describeLifetime } from '../../mail/templates.js';
import { siteLink } from '../../lib/site-links.js';
import { checkInvitedRole, joinInvitedRole, staffInvitationLines, type InvitedRole } from './staff-invitations.js';

export const MEMBER: RoleName = 'MEMBER';

export const USERNAME_MESSAGES = {
  invalid: 'Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.',
  taken: 'A user with that username already exists.',
} as const;
export const EMAIL_TAKEN = 'A user with that email already exists.';
export const INVALID_LINK = 'Invalid or expired link.';

/** Django's username characters. */
export const USERNAME_PATTERN = /^[\p{L}\p{N}@.+\-_]+$/u;

export const toAuthUser = (row: UserRow): AuthUser => ({
  id: row.id,
  username: row.username,
  email: row.email,
  first_name: row.first_name,
  last_name: row.last_name,
  role: row.role,
});

export { findUserById } from '../../db/user-by-id.js';

/** A user by username or e-mail, case-insensitively; a username match wins over an e-mail match. */
export async function findUserByLogin(db: Db, identifier: string): Promise<UserRow | undefined> {
  const value = identifier.trim();
  if (!value) return undefined;
  const rows = await db
    .selectFrom('users')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['username']), '=', eb.fn('lower', [eb.val(value)])),
        eb.and([eb('email', '<>', ''), eb(eb.fn('lower', ['email']), '=', eb.fn('lower', [eb.val(value)]))]),
      ]),
    )
    .limit(2)
    .execute();
  return rows.find((r) => r.username.toLowerCase() === value.toLowerCase()) ?? rows[0];
}

async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['username']), '=', eb.fn('lower', [eb.val(username)])))
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether an account already uses this e-mail address (case-insensitively). */
export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '<>', '')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', eb.fn('lower', [eb.val(email)])))
    .executeTakeFirst();
  return row !== undefined;
}

export interface NewAccountFields {
  username: string;
  email: string;
  password: string;
  first_name: string;
  last_name: string;
}

/**
 * Adds to `errors` every rule a new account breaks: username characters and uniqueness, e-mail
 * uniqueness, password strength, and the confirmation (reported on `password`, where the site
 * looks first).
 */
export async function checkNewAccount(db: Db, fields: NewAccountFields, confirmation: string, errors: FieldErrorList): Promise<void> {
  if (!errors.has('username')) {
    if (!USERNAME_PATTERN.test(fields.username)) errors.add('username', USERNAME_MESSAGES.invalid);
    else if (await usernameTaken(db, fields.username)) errors.add('username', USERNAME_MESSAGES.taken);
  }
  if (!errors.has('email') && (await emailTaken(db, fields.email))) errors.add('email', EMAIL_TAKEN);
  if (!errors.has('password')) {
    for (const problem of passwordProblems(fields.password, fields)) errors.add('password', problem);
    if (fields.password !== confirmation) errors.add('password', "Password fields didn't match.");
  }
}

/** Splits a member id format such as "MBR-0000" into its prefix and the width of its number. */
export function memberIdPattern(format: string): { prefix: string; width: number } {
  const match = /^(.*?)(\d+)$/.exec(format.trim());
  if (match?.[1] !== undefined && match[2] !== undefined) return { prefix: match[1], width: match[2].length };
  const prefix = format.trim() || 'MBR';
  return { prefix: prefix.endsWith('-') ? prefix : `${prefix}-`, width: 4 };
}

/** The PostgreSQL advisory lock that makes member ids one at a time (any constant no other lock uses). */
const MEMBER_ID_LOCK = 7_340_001;

/**
 * The next member id after the highest number of the configured format (MBR-0001, MBR-0002, …).
 * The highest is taken as a number over every id of the prefix, so ids of another width (the
 * format's width changed, or ids typed by hand) never make it repeat one already given.
 */
export async function nextMemberId(db: Db): Promise<string> {
  // Two registrations at once must not read the same highest id: on PostgreSQL the caller's
  // transaction takes the member ids' lock first and holds it to its end (SQLite writes one at a time).
  if (dialectOfDb(db) === 'postgres') await sql`select pg_advisory_xact_lock(${MEMBER_ID_LOCK})`.execute(db);
  const { prefix, width } = memberIdPattern((await readSettings(db)).member_id_format);
  const from = prefix.length + 1;
  const rest = sql<string>`substr(member_id, ${from})`;
  // Digits only (15 at most, so the cast cannot overflow): SQLite's glob, PostgreSQL's regex.
  const digits = dialectOfDb(db) === 'postgres' ? sql<boolean>`${rest} ~ '^[0-9]{1,15}$'` : sql<boolean>`length(${rest}) between 1 and 15 and ${rest} not glob '*[^0-9]*'`;
  const row = await db
    .selectFrom('member_profiles')
    .select(sql<number | string | null>`max(cast(${rest} as bigint))`.as('highest'))
    .where(sql<boolean>`substr(member_id, 1, ${prefix.length}) = ${prefix}`)
    .where(digits)
    .executeTakeFirst();
  return `${prefix}${String(Number(row?.highest ?? 0) + 1).padStart(width, '0')}`;
}

export interface AccountSpec {
  username: string;
  email: string;
  password: string;
  /** The password's hash when it was made already (the demo library's generated members share one). */
  passwordHash?: string;
  first_name: string;
  last_name: string;
  role: RoleName;
  /** E-mail already proven (invitation, staff created by an administrator). */
  verified: boolean;
  /** Approved at once: active from the start. Otherwise the account waits for approval. */
  approved: boolean;
  departmentId?: number | null;
  sessionId?: number | null;
}

export interface CreatedAccount {
  user: UserRow;
  memberId: string | null;
}

/** The audit entry of a new account, in the transaction that creates it: who made it, and the account as made. */
export function auditNewAccount(trx: Db, actorId: number, action: AuditAction, { user, memberId }: CreatedAccount): Promise<void> {
  const after = { username: user.username, email: user.email, role: user.role, member_id: memberId };
  return recordAudit(trx, { userId: actorId, action, entity: 'user', entityId: user.id, after });
}

/**
 * Creates an account, its role membership and (for MEMBER) its profile, then runs `within` in
 * the same transaction. A clash on the generated member id (two registrations at once) retries
 * the whole transaction; a clash on username or e-mail becomes the field error.
 */
export async function createAccount(
  db: Kysely<Database>,
  spec: AccountSpec,
  within?: (trx: Db, created: CreatedAccount) => Promise<void>,
): Promise<CreatedAccount> {
  const passwordHash = spec.passwordHash ?? (await hashPassword(spec.password));
  for (let attempt = 1; ; attempt++) {
    try {
      return await inTransaction(db, async (trx) => {
        const now = nowIso();
        const user = await trx
          .insertInto('users')
          .values({
            username: spec.username,
            email: spec.email,
            password_hash: passwordHash,
            first_name: spec.first_name,
            last_name: spec.last_name,
            role: spec.role,
            is_active: flag(spec.approved),
            is_verified: flag(spec.verified),
            is_declined: flag(false),
            approved_at: spec.approved ? now : null,
            date_joined: now,
            last_login: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await addUserToRole(trx, user.id, spec.role);
        let memberId: string | null = null;
        if (spec.role === MEMBER) {
          memberId = await nextMemberId(trx);
          await trx
            .insertInto('member_profiles')
            .values({
              user_id: user.id,
              member_id: memberId,
              first_name: spec.first_name,
              middle_name: null,
              last_name: spec.last_name,
              profile_photo: null,
              class_name: null,
              section: null,
              father_first_name: null,
              father_last_name: null,
              department_id: spec.departmentId ?? null,
              session_id: spec.sessionId ?? null,
              registration_id: null,
              roll_no: null,
              shift: null,
              home_address: null,
              emergency_contact: null,
              library_membership_id: null,
              mobile_number: null,
              cnic: null,
              payment_proof: null,
            })
            .execute();
        }
        const created = { user, memberId };
        if (within) await within(trx, created);
        return created;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const where = violatedConstraint(error);
      if (/username/i.test(where)) throw ValidationError.field('username', USERNAME_MESSAGES.taken);
      if (/email/i.test(where)) throw ValidationError.field('email', EMAIL_TAKEN);
      if (/member_id/i.test(where) && attempt < 5) continue;
      throw error;
    }
  }
}

/** The answer to a registration: the new member's public fields. */
export interface RegisteredMember {
  id: number;
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  role: string;
  member_id: string | null;
}

export const registeredMember = ({ user, memberId }: CreatedAccount): RegisteredMember => ({
  id: user.id,
  first_name: user.first_name,
  last_name: user.last_name,
  username: user.username,
  email: user.email,
  role: user.role,
  member_id: memberId,
});

/** Adds field errors for a department or session id that names nothing. */
export async function checkReferences(
  db: Db,
  refs: { department?: number | null | undefined; session?: number | null | undefined },
  errors: FieldErrorList,
): Promise<void> {
  if (typeof refs.department === 'number' && !(await departmentExists(db, refs.department))) {
    errors.add('department', `Invalid pk "${refs.department}" - object does not exist.`);
  }
  if (typeof refs.session === 'number' && !(await sessionExists(db, refs.session))) {
    errors.add('session', `Invalid pk "${refs.session}" - object does not exist.`);
  }
}

// ---------------------------------------------------------------------------------------------
// Invitations

export interface InvitationView {
  id: number;
  email: string;
  expires_at: string;
  /** The staff role it gives (staff invitations only). */
  role?: InvitedRole;
}

interface InvitationPayload {
  email: string;
  invited_by: number;
  role_id?: number;
}

const invitationPayload = (payload: unknown): InvitationPayload | undefined => {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const { email, invited_by, role_id } = payload as Record<string, unknown>;
  if (typeof email !== 'string' || typeof invited_by !== 'number') return undefined;
  return typeof role_id === 'number' ? { email, invited_by, role_id } : { email, invited_by };
};

/** Invites an e-mail address to register, as a member or (with `roleId`) as staff in that role; mails a link to the registration page. */
export async function createInvitation(ctx: AppContext, email: string, invitedBy: AuthUser, roleId?: number): Promise<InvitationView> {
  const role = await checkInvitedRole(ctx.db, invitedBy, roleId);
  if (await emailTaken(ctx.db, email)) throw ValidationError.field('email', EMAIL_TAKEN);
  const issued = await ctx.db.transaction().execute(async (trx) => {
    const token = await issueOneTimeToken(trx, {
      userId: null,
      purpose: 'invitation',
      ttlSeconds: ctx.config.invitationTtl,
      payload: { email, invited_by: invitedBy.id, ...(role ? { role_id: role.id } : {}) } satisfies InvitationPayload,
    });
    await recordAudit(trx, { userId: invitedBy.id, action: 'STAFF_INVITED', entity: 'invitation', entityId: token.id, after: { email, expires_at: token.expiresAt, ...(role ? { role: role.name } : {}) } });
    await queueMail(trx, {
      kind: 'invitation',
      to: email,
      userId: null,
      recipientName: '',
      link: siteLink(ctx.config.siteUrl, 'register', {}, { invitation: token.token }),
      validFor: describeLifetime(ctx.config.invitationTtl),
      lines: role ? staffInvitationLines(role.name) : undefined,
    });
    return token;
  });
  ctx.notices.kick();
  return { id: issued.id, email, expires_at: issued.expiresAt, ...(role ? { role } : {}) };
}

export interface InvitationAcceptance extends NewAccountFields {
  password2: string;
}

/**
 * What another module does when an invited member's account is made, approved at once (members
 * starts his membership), in the creating transaction; `invitedBy` is the staff who invited him.
 * Users imports no such module: `app.ts` registers the hook here.
 */
export type InvitedMemberHook = (trx: Db, memberId: number, invitedBy: number) => Promise<void>;

const invitedMemberHooks = new Set<InvitedMemberHook>();

/** Registers a hook run when an invited member's account is made (registering it again changes nothing). */
export function onInvitedMember(hook: InvitedMemberHook): void {
  invitedMemberHooks.add(hook);
}

/** Creates the invited member: active and verified at once, since the link proves the address. */
export async function confirmInvitation(ctx: AppContext, token: string, input: InvitationAcceptance): Promise<RegisteredMember> {
  const found = await findValidToken(ctx.db, { purpose: 'invitation', token });
  const invitation = found && invitationPayload(found.payload);
  if (!found || !invitation) throw badRequest(INVALID_LINK);

  const errors = new FieldErrorList();
  if (input.email.toLowerCase() !== invitation.email.toLowerCase()) {
    errors.add('email', 'Use the e-mail address the invitation was sent to.');
  }
  await checkNewAccount(ctx.db, input, input.password2, errors);
  errors.throwIfAny();

  const created = await createAccount(
    ctx.db,
    { ...input, email: invitation.email, role: invitation.role_id === undefined ? MEMBER : 'MANAGER', verified: true, approved: true },
    async (trx, { user, memberId }) => {
      if (!(await spendToken(trx, found.id))) throw badRequest(INVALID_LINK);
      await recordAudit(trx, {
        userId: user.id,
        action: 'INVITATION_ACCEPTED',
        entity: 'user',
        entityId: user.id,
        after: { username: user.username, email: user.email, role: user.role, member_id: memberId, invited_by: invitation.invited_by, ...(invitation.role_id ? { role_id: invitation.role_id } : {}) },
      });
      if (invitation.role_id !== undefined) await joinInvitedRole(trx, user.id, invitation.role_id);
      else for (const hook of invitedMemberHooks) await hook(trx, user.id, invitation.invited_by);
    },
  );
  ctx.notices.kick();
  return registeredMember(created);
}
