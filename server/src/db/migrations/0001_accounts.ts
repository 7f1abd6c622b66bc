import { sql } from 'kysely';
import type { AnyDb, MigrationFactory, Table } from './types.js';

/** Migration 0001_accounts. Never edit a migration that has shipped; add a new file instead. */
const migration: MigrationFactory = ({ withId }) => ({
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
  }
});

export default migration;
