import { sql } from 'kysely';
import type { AnyDb, MigrationFactory } from './types.js';

/** Migration 0004_book_search. Never edit a migration that has shipped; add a new file instead. */
const migration: MigrationFactory = ({ dialect }) => ({
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
  }
});

export default migration;
