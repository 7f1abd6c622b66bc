import { sql } from 'kysely';
import type { AnyDb, MigrationFactory, Table } from './types.js';

/**
 * Migration 0016_stock_verification: taking stock. A verification (`stock_verifications`) names
 * its filters (department, category, shelf), who opened and closed it, and keeps running counters
 * updated in each scan's transaction, so reading its counts never counts its rows. The copies it
 * expects are frozen when it opens (`stock_verification_items`, one row per copy, unique per
 * verification: a conditional update of `seen_at` decides which of two scans of a copy saw it
 * first). Every scan is kept (`stock_verification_scans`); the first scan of each copy or barcode
 * that was not expected is flagged, so the report's unexpected group reads its rows from an index.
 * Scans find a copy by barcode or accession number ignoring case: two expression indexes serve that.
 * Never edit a migration that has shipped; add a new file instead.
 */
const migration: MigrationFactory = ({ withId }) => ({
  async up(db: AnyDb) {
    let sessions = withId(db.schema.createTable('stock_verifications') as Table)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('department_id', 'integer', (c) => c.references('departments.id').onDelete('set null'))
      .addColumn('category_id', 'integer', (c) => c.references('categories.id').onDelete('set null'))
      .addColumn('shelf', 'text')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('OPEN'))
      .addColumn('opened_by', 'integer', (c) => c.references('users.id'))
      .addColumn('opened_at', 'text', (c) => c.notNull())
      .addColumn('closed_by', 'integer', (c) => c.references('users.id'))
      .addColumn('closed_at', 'text')
      .addColumn('missing_marked_at', 'text')
      .addColumn('missing_marked_count', 'integer', (c) => c.notNull().defaultTo(0));
    for (const counter of ['expected', 'expected_shelf', 'expected_away', 'seen', 'seen_shelf', 'seen_away', 'unexpected', 'scans']) {
      sessions = sessions.addColumn(counter, 'integer', (c) => c.notNull().defaultTo(0));
    }
    await sessions.execute();
    await db.schema.createIndex('stock_verifications_opened').on('stock_verifications').columns(['opened_at', 'id']).execute();

    await withId(db.schema.createTable('stock_verification_items') as Table)
      .addColumn('verification_id', 'integer', (c) => c.notNull().references('stock_verifications.id').onDelete('cascade'))
      .addColumn('copy_id', 'integer', (c) => c.notNull().references('copies.id').onDelete('cascade'))
      /** SHELF or AWAY (on loan or held when the verification opened). */
      .addColumn('expected', 'text', (c) => c.notNull())
      /** The copy's shelf when the verification opened. */
      .addColumn('shelf', 'text')
      .addColumn('seen_at', 'text')
      .addColumn('seen_result', 'text')
      .execute();
    await db.schema.createIndex('stock_verification_items_copy').on('stock_verification_items').columns(['verification_id', 'copy_id']).unique().execute();
    // The report: copies not seen in expected order (and marking them missing), by shelf, and seen though out.
    await db.schema.createIndex('stock_verification_items_unseen').on('stock_verification_items').columns(['verification_id', 'expected', 'seen_at', 'id']).execute();
    await db.schema.createIndex('stock_verification_items_shelf').on('stock_verification_items').columns(['verification_id', 'expected', 'shelf', 'seen_at']).execute();
    await db.schema.createIndex('stock_verification_items_result').on('stock_verification_items').columns(['verification_id', 'seen_result', 'id']).execute();

    await withId(db.schema.createTable('stock_verification_scans') as Table)
      .addColumn('verification_id', 'integer', (c) => c.notNull().references('stock_verifications.id').onDelete('cascade'))
      .addColumn('barcode', 'text', (c) => c.notNull())
      .addColumn('copy_id', 'integer', (c) => c.references('copies.id').onDelete('set null'))
      .addColumn('result', 'text', (c) => c.notNull())
      /** 1 on the first scan of a copy (or an unknown barcode) the verification did not expect. */
      .addColumn('unexpected', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('scanned_by', 'integer', (c) => c.references('users.id'))
      .addColumn('at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('stock_verification_scans_order').on('stock_verification_scans').columns(['verification_id', 'id']).execute();
    await db.schema.createIndex('stock_verification_scans_copy').on('stock_verification_scans').columns(['verification_id', 'copy_id']).execute();
    await db.schema.createIndex('stock_verification_scans_barcode').on('stock_verification_scans').columns(['verification_id', 'barcode']).execute();
    await sql`create index stock_verification_scans_unexpected on stock_verification_scans (verification_id, id) where unexpected = 1`.execute(db);

    await sql`create index copies_barcode_lower on copies (lower(barcode))`.execute(db);
    await sql`create index copies_accession_lower on copies (lower(accession_no))`.execute(db);
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('copies_accession_lower').execute();
    await db.schema.dropIndex('copies_barcode_lower').execute();
    await db.schema.dropTable('stock_verification_scans').execute();
    await db.schema.dropTable('stock_verification_items').execute();
    await db.schema.dropTable('stock_verifications').execute();
  },
});

export default migration;
