import { sql } from 'kysely';
import type { AnyDb, MigrationFactory, Table } from './types.js';

/** Migration 0003_catalogue. Never edit a migration that has shipped; add a new file instead. */
const migration: MigrationFactory = ({ withId }) => ({
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
  }
});

export default migration;
