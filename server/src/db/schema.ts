/**
 * Table types for Kysely. Booleans are integers 0/1 and timestamps ISO 8601 text in both
 * databases; money is integer minor units. Services map them to API values.
 */
import type { Generated, Kysely, Selectable, Transaction } from 'kysely';
import type { FinePaymentsTable, FineReceiptsTable, FinesTable, LibraryHolidaysTable, LoanDaysTable, LoansTable, NoticeKeysTable, NotificationLogTable, NotificationSettingsTable, ReservationsTable, SchedulerLeasesTable } from './schema-circulation.js';

import type { CopiesTable, CopyEventsTable } from './schema-copies.js';
import type { StockVerificationItemsTable, StockVerificationScansTable, StockVerificationsTable } from './schema-stock.js';

export type * from './schema-circulation.js';
export type * from './schema-copies.js';
export type * from './schema-stock.js';

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
  /** YYYY-MM-DD: the membership's first day (approval), and its last day; null until approved (migration 0017). */
  membership_start: Generated<string | null>;
  membership_expires: Generated<string | null>;
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
  /** Optional cap on one loan's overdue fine (minor units); null = no cap (migration 0017). */
  max_overdue_fine: Generated<number | null>;
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
  /** The jti of the token that replaced this one when it was spent (rotation); null until then. */
  replaced_by: string | null;
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
  /** The accession sequence: prefix + the next number zero-padded to `accession_digits` (migration 0015). */
  accession_prefix: Generated<string>;
  accession_digits: Generated<number>;
  accession_next: Generated<number>;
  /** The label sheet spine labels print on (`LABEL_SHEETS` of `#shared/copies`). */
  label_sheet: Generated<string>;
  /** Blocks (migration 0017): fines owed over this many minor units block issuing (0 = no block). */
  block_fines_over: Generated<number>;
  /** More overdue loans than this block issuing; null = no block. */
  block_overdue_count: Generated<number | null>;
  /** A loan overdue by more than this many days blocks issuing; null = no block. */
  block_overdue_days: Generated<number | null>;
  /** 1: an expired membership blocks issuing. */
  block_membership_expired: Generated<Flag>;
  /** Charged (type processing) with a lost copy's price, minor units. */
  lost_processing_fee: Generated<number>;
  /** A lost copy found again: CANCEL what is still owed on it, or REFUND what was paid too. */
  lost_found_action: Generated<'CANCEL' | 'REFUND'>;
  /** Weekly closing days, "0,6" (0 = Sunday … 6 = Saturday); '' = open every day. */
  closed_weekdays: Generated<string>;
  /** 1: overdue fines count closed days too; 0: only days the library is open. */
  fines_count_closed_days: Generated<Flag>;
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


export interface Database {
  notification_settings: NotificationSettingsTable;
  notice_keys: NoticeKeysTable;
  scheduler_leases: SchedulerLeasesTable;
  reservations: ReservationsTable;
  loans: LoansTable;
  loan_days: LoanDaysTable;
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
  library_holidays: LibraryHolidaysTable;
  notifications: NotificationsTable;
  copies: CopiesTable;
  copy_events: CopyEventsTable;
  stock_verifications: StockVerificationsTable;
  stock_verification_items: StockVerificationItemsTable;
  stock_verification_scans: StockVerificationScansTable;
}

/** The database handle, or a transaction on it: services accept either. */
export type Db = Kysely<Database> | Transaction<Database>;

export type UserRow = Selectable<UsersTable>;
export type PlanRow = Selectable<MembershipPlansTable>;
export type SettingsRow = Selectable<LibrarySettingsTable>;
export type PermissionRow = Selectable<PermissionsTable>;
export type BookRow = Selectable<BooksTable>;
export type LoanRow = Selectable<LoansTable>;
export type FineRow = Selectable<FinesTable>;
