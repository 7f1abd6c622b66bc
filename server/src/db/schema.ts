/**
 * Table types for Kysely. Booleans are integers 0/1 and timestamps ISO 8601 text in both
 * databases; money is integer minor units. Services map them to API values.
 */
import type { Generated, Insertable, Kysely, Selectable, Transaction } from 'kysely';

/** 0 or 1: how both databases store a boolean. */
export type Flag = number;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  role: string;
  is_active: Flag;
  is_verified: Flag;
  is_declined: Flag;
  approved_at: string | null;
  date_joined: string;
  last_login: string | null;
  /** Set when the account was deleted (anonymised; the row stays for loan and fine history). */
  deleted_at: Generated<string | null>;
}

export interface MemberProfilesTable {
  id: Generated<number>;
  user_id: number;
  member_id: string;
  first_name: string | null;
  middle_name: string | null;
  last_name: string | null;
  profile_photo: string | null;
  class_name: string | null;
  section: string | null;
  father_first_name: string | null;
  father_last_name: string | null;
  is_defaulter: Generated<Flag>;
  department_id: number | null;
  session_id: number | null;
  registration_id: string | null;
  roll_no: string | null;
  shift: string | null;
  home_address: string | null;
  emergency_contact: string | null;
  library_membership_id: string | null;
  mobile_number: string | null;
  cnic: string | null;
  security_fee: Generated<number>;
  payment_proof: string | null;
  /** The member's plan; null reads as the default plan. */
  plan_id: Generated<number | null>;
}

/** A membership plan; a null loan rule follows the book settings. Money in minor units. */
export interface MembershipPlansTable {
  id: Generated<number>;
  name: string;
  loan_limit: number | null;
  loan_period_days: number | null;
  fine_per_day: number | null;
  fee: number;
  validity_months: number;
  is_default: Generated<Flag>;
  created_at: string;
  updated_at: string;
}

export interface ManagerProfilesTable {
  id: Generated<number>;
  user_id: number;
  member_id: string | null;
  contact_number: string | null;
  notes: string | null;
  profile_photo: Generated<string | null>;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  message: string;
  link_url: string | null;
  created_at: string;
  read: Generated<Flag>;
}

export interface RolesTable {
  id: Generated<number>;
  name: string;
  built_in: Flag;
}

export interface PermissionsTable {
  id: Generated<number>;
  codename: string;
  name: string;
  module: string;
}

export interface RolePermissionsTable {
  role_id: number;
  permission_id: number;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

export interface DepartmentsTable {
  id: Generated<number>;
  name: string;
}

export interface AcademicSessionsTable {
  id: Generated<number>;
  session_range: string;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  jti: string;
  user_id: number;
  family_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
}

export type OneTimeTokenPurpose = 'verify_email' | 'reset_password' | 'invitation' | 'change_email';

export interface OneTimeTokensTable {
  id: Generated<number>;
  /** The account the token acts on; null for an invitation (no account yet). */
  user_id: number | null;
  purpose: OneTimeTokenPurpose;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** JSON text, e.g. the invited e-mail address. */
  payload: string | null;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  key: string;
  attempted_at: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  user_id: number | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: string | null;
  after: string | null;
  created_at: string;
}

export type NoticeChannel = 'email' | 'in_app';
export type NoticeStatus = 'PENDING' | 'SENDING' | 'SENT' | 'FAILED';

/** One message to one person on one channel, with its delivery state (migration 0010). */
export interface NotificationLogTable {
  id: Generated<number>;
  user_id: number | null;
  /** The e-mail address, or the username for an in-app notice. */
  recipient: string;
  subject: string;
  /** The mail template (account mails) or the notice type. */
  kind: string;
  created_at: string;
  /** A notice type of `src/lib/notice-templates.ts`; null for account mails. */
  notice_type: string | null;
  channel: Generated<NoticeChannel>;
  status: Generated<NoticeStatus>;
  attempts: Generated<number>;
  next_attempt_at: string | null;
  lease_until: string | null;
  error: string | null;
  body_text: string | null;
  body_html: string | null;
  sent_at: string | null;
}

/** The notification settings (first row); `notices` is JSON `{type: {enabled?, subject?, body?}}`. */
export interface NotificationSettingsTable {
  id: Generated<number>;
  due_soon_days: Generated<number>;
  overdue_every_days: Generated<number>;
  overdue_max_times: Generated<number>;
  hold_pickup_days: Generated<number>;
  /** HH:MM in the library's time zone. */
  jobs_run_at: Generated<string>;
  notices: Generated<string>;
  updated_at: string | null;
}

/** A notice occurrence already sent (its key), so no notice goes twice. */
export interface NoticeKeysTable {
  key: string;
  created_at: string;
}

/** A scheduled job's lease and last run. */
export interface SchedulerLeasesTable {
  job: string;
  holder: string | null;
  lease_until: string | null;
  /** YYYY-MM-DD (library date) of the last completed run. */
  last_run_on: string | null;
  last_started_at: string | null;
  last_finished_at: string | null;
  last_error: string | null;
}

export interface LibrarySettingsTable {
  id: Generated<number>;
  library_name: Generated<string>;
  logo: string | null;
  favicon: string | null;
  theme: Generated<string>;
  timezone: Generated<string>;
  date_format: Generated<string>;
  time_format: Generated<string>;
  max_books_per_member: Generated<number>;
  max_issue_duration: Generated<number>;
  /** Minor units (1000 = 10.00). */
  fine_per_day: Generated<number>;
  low_stock_threshold: Generated<number>;
  rack_number_format: Generated<string>;
  member_id_format: Generated<string>;
  /** How often one loan may be renewed. */
  max_renewals: Generated<number>;
}

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  image: string | null;
}

export interface LanguagesTable {
  id: Generated<number>;
  name: string;
}

export type BookStatus = 'ACTIVE' | 'WRITE_OFF' | 'LOST';

export interface BooksTable {
  id: Generated<number>;
  title: string;
  author: string;
  /** Normalised: digits and a final 'X' (ISBN-10), no hyphens. */
  isbn: string;
  department_id: number | null;
  category_id: number | null;
  language_id: number | null;
  publisher: string;
  edition: string | null;
  total_copies: number;
  available_copies: number;
  rack_no: string;
  shelf_location: string | null;
  /** YYYY-MM-DD. */
  date_of_entry: string;
  status: Generated<BookStatus>;
  status_reason: string | null;
  /** Minor units. */
  price: Generated<number>;
  specification_description: string | null;
  detailed_description: string | null;
  ebook_file: string | null;
  created_at: string;
  updated_at: string;
}

export interface BookCoversTable {
  id: Generated<number>;
  book_id: number;
  file: string;
  position: number;
}

export interface WishlistItemsTable {
  id: Generated<number>;
  user_id: number;
  book_id: number;
  added_at: string;
}

/** One row (id 1): bumped by triggers on every change that can alter a book list answer. */
export interface CatalogueVersionTable {
  id: number;
  /** bigint: PostgreSQL hands it over as a string. */
  version: number | string;
  /** Random per database, so a recreated database never repeats a tag. */
  epoch: string;
}

export type LoanStatus = 'ISSUED' | 'RETURNED' | 'LOST' | 'WRITE_OFF';

/** One copy lent to a member; `returned_at` null while it is out. Dates YYYY-MM-DD. */
export interface LoansTable {
  id: Generated<number>;
  book_id: number;
  member_id: number;
  issue_date: string;
  due_date: string;
  returned_at: string | null;
  status: Generated<LoanStatus>;
  renewals: Generated<number>;
  issued_by: number | null;
  returned_by: number | null;
  created_at: string;
  updated_at: string;
}

/** The fine ledger row of one returned loan. Money in minor units; remaining = amount − collected − discount ≥ 0. */
export interface FinesTable {
  id: Generated<number>;
  loan_id: number;
  member_id: number;
  late_days: number;
  overdue_fine: number;
  book_price: number | null;
  amount: number;
  collected_amount: number;
  discount: number;
  remaining: number;
  created_at: string;
  updated_at: string;
}

/** One collection (cash and/or discount) with its receipt number. */
export interface FineReceiptsTable {
  id: Generated<number>;
  receipt_no: string;
  member_id: number;
  cash: number;
  discount: number;
  discount_reason: string | null;
  collected_by: number | null;
  created_at: string;
}

/** A receipt's share of one fine. */
export interface FinePaymentsTable {
  id: Generated<number>;
  receipt_id: number;
  fine_id: number;
  cash: number;
  discount: number;
}

export type ReservationStatus = 'PENDING' | 'FULFILLED' | 'ISSUED' | 'CANCELLED' | 'EXPIRED';

/** A member's place in a title's queue; a copy is held for him until `hold_until` once FULFILLED. */
export interface ReservationsTable {
  id: Generated<number>;
  book_id: number;
  member_id: number;
  status: Generated<ReservationStatus>;
  /** First come, first served: lower waits less (staff may reorder). */
  queue_rank: number;
  /** YYYY-MM-DD pickup deadline of a held copy. */
  hold_until: string | null;
  loan_id: number | null;
  notes: string | null;
  created_at: string;
  updated_at: string;
}

export interface Database {
  notification_settings: NotificationSettingsTable;
  notice_keys: NoticeKeysTable;
  scheduler_leases: SchedulerLeasesTable;
  reservations: ReservationsTable;
  loans: LoansTable;
  fines: FinesTable;
  fine_receipts: FineReceiptsTable;
  fine_payments: FinePaymentsTable;
  categories: CategoriesTable;
  languages: LanguagesTable;
  books: BooksTable;
  book_covers: BookCoversTable;
  wishlist_items: WishlistItemsTable;
  catalogue_version: CatalogueVersionTable;
  users: UsersTable;
  member_profiles: MemberProfilesTable;
  membership_plans: MembershipPlansTable;
  manager_profiles: ManagerProfilesTable;
  roles: RolesTable;
  permissions: PermissionsTable;
  role_permissions: RolePermissionsTable;
  user_roles: UserRolesTable;
  departments: DepartmentsTable;
  academic_sessions: AcademicSessionsTable;
  refresh_tokens: RefreshTokensTable;
  one_time_tokens: OneTimeTokensTable;
  login_attempts: LoginAttemptsTable;
  audit_log: AuditLogTable;
  notification_log: NotificationLogTable;
  library_settings: LibrarySettingsTable;
  notifications: NotificationsTable;
}

/** The database handle, or a transaction on it: services accept either. */
export type Db = Kysely<Database> | Transaction<Database>;

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type MemberProfileRow = Selectable<MemberProfilesTable>;
export type PlanRow = Selectable<MembershipPlansTable>;
export type SettingsRow = Selectable<LibrarySettingsTable>;
export type PermissionRow = Selectable<PermissionsTable>;
export type BookRow = Selectable<BooksTable>;
export type LoanRow = Selectable<LoansTable>;
export type FineRow = Selectable<FinesTable>;
