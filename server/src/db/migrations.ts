/**
 * One set of migrations for SQLite and PostgreSQL (Kysely Migrator, in-code provider). Only the id
 * column differs between the two; booleans are integer 0/1, timestamps ISO text, money integer
 * minor units. Add a migration by appending to `migrationsFor`; never edit one that has shipped.
 */
import { Migrator, sql, type CreateTableBuilder, type Kysely, type Migration } from 'kysely';
import type { Database } from './schema.js';
import { dialectOfDb, type Dialect } from './connection.js';
import { syncCatalogue } from './catalogue.js';

// Migrations describe past schemas, so they work on an untyped handle (Kysely's advice).
type AnyDb = Kysely<any>;
type Table = CreateTableBuilder<string, never>;

function migrationsFor(dialect: Dialect): Record<string, Migration> {
  /** The surrogate key: autoincrement on SQLite, serial on PostgreSQL. */
  const withId = (table: Table): Table =>
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  return {
    '0001_accounts': {
      async up(db: AnyDb) {
        await withId(db.schema.createTable('users') as Table)
          .addColumn('username', 'text', (c) => c.notNull())
          .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('password_hash', 'text', (c) => c.notNull())
          .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('role', 'text', (c) => c.notNull())
          .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('is_verified', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('is_declined', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('approved_at', 'text')
          .addColumn('date_joined', 'text', (c) => c.notNull())
          .addColumn('last_login', 'text')
          .execute();
        await sql`create unique index users_username_ci on users (lower(username))`.execute(db);
        await sql`create unique index users_email_ci on users (lower(email)) where email <> ''`.execute(db);

        await withId(db.schema.createTable('departments') as Table)
          .addColumn('name', 'text', (c) => c.notNull().unique())
          .execute();
        await withId(db.schema.createTable('academic_sessions') as Table)
          .addColumn('session_range', 'text', (c) => c.notNull().unique())
          .execute();

        await withId(db.schema.createTable('member_profiles') as Table)
          .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
          .addColumn('member_id', 'text', (c) => c.notNull().unique())
          .addColumn('first_name', 'text')
          .addColumn('middle_name', 'text')
          .addColumn('last_name', 'text')
          .addColumn('profile_photo', 'text')
          .addColumn('class_name', 'text')
          .addColumn('section', 'text')
          .addColumn('father_first_name', 'text')
          .addColumn('father_last_name', 'text')
          .addColumn('is_defaulter', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('department_id', 'integer', (c) => c.references('departments.id').onDelete('set null'))
          .addColumn('session_id', 'integer', (c) => c.references('academic_sessions.id').onDelete('set null'))
          .addColumn('registration_id', 'text', (c) => c.unique())
          .addColumn('roll_no', 'text')
          .addColumn('shift', 'text')
          .addColumn('home_address', 'text')
          .addColumn('emergency_contact', 'text')
          .addColumn('library_membership_id', 'text', (c) => c.unique())
          .addColumn('mobile_number', 'text')
          .addColumn('cnic', 'text')
          .addColumn('security_fee', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('payment_proof', 'text')
          .execute();

        await withId(db.schema.createTable('manager_profiles') as Table)
          .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
          .addColumn('member_id', 'text', (c) => c.unique())
          .addColumn('contact_number', 'text')
          .addColumn('notes', 'text')
          .execute();

        await withId(db.schema.createTable('roles') as Table)
          .addColumn('name', 'text', (c) => c.notNull().unique())
          .addColumn('built_in', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await withId(db.schema.createTable('permissions') as Table)
          .addColumn('codename', 'text', (c) => c.notNull().unique())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('module', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('role_permissions')
          .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
          .addColumn('permission_id', 'integer', (c) => c.notNull().references('permissions.id').onDelete('cascade'))
          .addPrimaryKeyConstraint('role_permissions_pk', ['role_id', 'permission_id'])
          .execute();
        await db.schema
          .createTable('user_roles')
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
          .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
          .execute();
        await db.schema.createIndex('user_roles_role').on('user_roles').column('role_id').execute();

        await withId(db.schema.createTable('refresh_tokens') as Table)
          .addColumn('jti', 'text', (c) => c.notNull().unique())
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('family_id', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .addColumn('used_at', 'text')
          .addColumn('revoked_at', 'text')
          .execute();
        await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute();
        await db.schema.createIndex('refresh_tokens_user').on('refresh_tokens').column('user_id').execute();

        await withId(db.schema.createTable('one_time_tokens') as Table)
          .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
          .addColumn('purpose', 'text', (c) => c.notNull())
          .addColumn('token_hash', 'text', (c) => c.notNull().unique())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .addColumn('used_at', 'text')
          .addColumn('payload', 'text')
          .execute();
        await db.schema.createIndex('one_time_tokens_user').on('one_time_tokens').columns(['user_id', 'purpose']).execute();

        await withId(db.schema.createTable('login_attempts') as Table)
          .addColumn('key', 'text', (c) => c.notNull())
          .addColumn('attempted_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('login_attempts_key').on('login_attempts').columns(['key', 'attempted_at']).execute();

        await withId(db.schema.createTable('audit_log') as Table)
          .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('action', 'text', (c) => c.notNull())
          .addColumn('entity', 'text', (c) => c.notNull())
          .addColumn('entity_id', 'text')
          .addColumn('before', 'text')
          .addColumn('after', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('audit_log_created').on('audit_log').column('created_at').execute();

        await withId(db.schema.createTable('notification_log') as Table)
          .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('recipient', 'text', (c) => c.notNull())
          .addColumn('subject', 'text', (c) => c.notNull())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('notification_log_created').on('notification_log').column('created_at').execute();

        await withId(db.schema.createTable('library_settings') as Table)
          .addColumn('library_name', 'text', (c) => c.notNull().defaultTo('My Library'))
          .addColumn('logo', 'text')
          .addColumn('favicon', 'text')
          .addColumn('theme', 'text', (c) => c.notNull().defaultTo('dark'))
          .addColumn('timezone', 'text', (c) => c.notNull().defaultTo('Asia/Karachi'))
          .addColumn('date_format', 'text', (c) => c.notNull().defaultTo('DD/MM/YYYY'))
          .addColumn('time_format', 'text', (c) => c.notNull().defaultTo('12hr'))
          .addColumn('max_books_per_member', 'integer', (c) => c.notNull().defaultTo(3))
          .addColumn('max_issue_duration', 'integer', (c) => c.notNull().defaultTo(3))
          .addColumn('fine_per_day', 'integer', (c) => c.notNull().defaultTo(1000))
          .addColumn('low_stock_threshold', 'integer', (c) => c.notNull().defaultTo(3))
          .addColumn('rack_number_format', 'text', (c) => c.notNull().defaultTo('RACK-000'))
          .addColumn('member_id_format', 'text', (c) => c.notNull().defaultTo('MBR-0000'))
          .execute();
      },
    },
    '0002_dashboard_shell': {
      async up(db: AnyDb) {
        // Staff (SUPER USER and MANAGER) keep their photo on the staff profile row.
        await db.schema.alterTable('manager_profiles').addColumn('profile_photo', 'text').execute();
        await withId(db.schema.createTable('notifications') as Table)
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('type', 'text', (c) => c.notNull())
          .addColumn('message', 'text', (c) => c.notNull())
          .addColumn('link_url', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('read', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema.createIndex('notifications_user_created').on('notifications').columns(['user_id', 'created_at']).execute();
      },
    },
    '0003_catalogue': {
      async up(db: AnyDb) {
        // departments exists since 0001 (name unique, case-sensitive); the service refuses case duplicates.
        await withId(db.schema.createTable('categories') as Table)
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('image', 'text')
          .execute();
        await sql`create unique index categories_name_ci on categories (lower(name))`.execute(db);
        await withId(db.schema.createTable('languages') as Table)
          .addColumn('name', 'text', (c) => c.notNull())
          .execute();
        await sql`create unique index languages_name_ci on languages (lower(name))`.execute(db);

        await withId(db.schema.createTable('books') as Table)
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('author', 'text', (c) => c.notNull())
          .addColumn('isbn', 'text', (c) => c.notNull().unique())
          // No cascade: the service refuses to delete a value still used by books (409).
          .addColumn('department_id', 'integer', (c) => c.references('departments.id'))
          .addColumn('category_id', 'integer', (c) => c.references('categories.id'))
          .addColumn('language_id', 'integer', (c) => c.references('languages.id'))
          .addColumn('publisher', 'text', (c) => c.notNull())
          .addColumn('edition', 'text')
          .addColumn('total_copies', 'integer', (c) => c.notNull())
          .addColumn('available_copies', 'integer', (c) => c.notNull())
          .addColumn('rack_no', 'text', (c) => c.notNull())
          .addColumn('shelf_location', 'text')
          .addColumn('date_of_entry', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull().defaultTo('ACTIVE'))
          .addColumn('status_reason', 'text')
          .addColumn('price', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('specification_description', 'text')
          .addColumn('detailed_description', 'text')
          .addColumn('ebook_file', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .execute();
        // Sort and filter paths of the list (100,000 titles): each sortable column, each filter.
        for (const column of ['title', 'author', 'publisher', 'total_copies', 'available_copies', 'date_of_entry']) {
          await db.schema.createIndex(`books_${column}`).on('books').columns([column, 'id']).execute();
        }
        await db.schema.createIndex('books_status').on('books').columns(['status', 'id']).execute();
        await db.schema.createIndex('books_category').on('books').columns(['category_id', 'id']).execute();
        await db.schema.createIndex('books_department').on('books').columns(['department_id', 'id']).execute();
        await db.schema.createIndex('books_language').on('books').columns(['language_id', 'id']).execute();

        await withId(db.schema.createTable('book_covers') as Table)
          .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
          .addColumn('file', 'text', (c) => c.notNull())
          .addColumn('position', 'integer', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('book_covers_book').on('book_covers').columns(['book_id', 'position']).execute();

        await withId(db.schema.createTable('wishlist_items') as Table)
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
          .addColumn('added_at', 'text', (c) => c.notNull())
          .addUniqueConstraint('wishlist_items_user_book', ['user_id', 'book_id'])
          .execute();
        await db.schema.createIndex('wishlist_items_book').on('wishlist_items').column('book_id').execute();
      },
    },
    '0004_book_search': {
      async up(db: AnyDb) {
        if (dialect === 'sqlite') {
          // Substring search over 100,000 titles: an FTS5 trigram index (case-folded) over the four
          // searched columns, external content (no second copy of the text), kept in sync by triggers.
          await sql`create virtual table books_fts using fts5(title, author, isbn, publisher, content='books', content_rowid='id', tokenize='trigram')`.execute(db);
          await sql`create trigger books_fts_insert after insert on books begin
            insert into books_fts(rowid, title, author, isbn, publisher) values (new.id, new.title, new.author, new.isbn, new.publisher);
          end`.execute(db);
          await sql`create trigger books_fts_delete after delete on books begin
            insert into books_fts(books_fts, rowid, title, author, isbn, publisher) values ('delete', old.id, old.title, old.author, old.isbn, old.publisher);
          end`.execute(db);
          // Only changes to the searched columns touch the index (copies and status change often).
          await sql`create trigger books_fts_update after update of id, title, author, isbn, publisher on books begin
            insert into books_fts(books_fts, rowid, title, author, isbn, publisher) values ('delete', old.id, old.title, old.author, old.isbn, old.publisher);
            insert into books_fts(rowid, title, author, isbn, publisher) values (new.id, new.title, new.author, new.isbn, new.publisher);
          end`.execute(db);
          await sql`insert into books_fts(books_fts) values ('rebuild')`.execute(db);
        } else {
          // pg_trgm GIN indexes serve `lower(col) like '%…%'`; without the extension (no privilege)
          // the search stays a plain scan. The savepoint keeps the migration's transaction usable.
          await sql`savepoint book_search_trgm`.execute(db);
          let trigrams = true;
          try {
            await sql`create extension if not exists pg_trgm`.execute(db);
            await sql`release savepoint book_search_trgm`.execute(db);
          } catch {
            trigrams = false;
            await sql`rollback to savepoint book_search_trgm`.execute(db);
          }
          if (trigrams) {
            for (const column of ['title', 'author', 'isbn', 'publisher']) {
              await sql.raw(`create index books_${column}_trgm on books using gin (lower(${column}) gin_trgm_ops)`).execute(db);
            }
          }
        }
        // Filtered lists in the default order (title, id) walk one index instead of sorting the
        // filter's rows, and count without visiting rows: status and available_copies ride along
        // for `available=true`. These replace 0003's (filter, id) indexes, so imports pay no extra.
        const filters = { status: 'books_status', category_id: 'books_category', department_id: 'books_department', language_id: 'books_language' };
        for (const [column, replaced] of Object.entries(filters)) {
          const extra = column === 'status' ? ['available_copies'] : ['status', 'available_copies'];
          await db.schema.createIndex(`books_${column}_title`).on('books').columns([column, 'title', 'id', ...extra]).execute();
          await db.schema.dropIndex(replaced).execute();
        }
      },
    },
  };
}

export interface MigrationReport {
  /** Names of the migrations applied by this run (empty when already up to date). */
  applied: string[];
}

/**
 * Brings the schema up to date, then upserts the permission catalogue, the built-in roles and
 * the settings row. Safe to run on every start and from several instances.
 */
export async function migrate(db: Kysely<Database>): Promise<MigrationReport> {
  const migrations = migrationsFor(dialectOfDb(db));
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error instanceof Error ? error.message : error)}`, {
      cause: error,
    });
  }
  await syncCatalogue(db);
  return { applied: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName) };
}
