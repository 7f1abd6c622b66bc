/**
 * The library's accession sequence: the next numbers of `library_settings` (prefix, digits,
 * next), handed out in order and never twice. A number already taken by an imported copy (kept as
 * given) is skipped. On PostgreSQL the settings row is locked for the allocation, so two desks
 * adding copies at once get different numbers; SQLite has one writer at a time already.
 */
import { sql } from 'kysely';
import { dialectOfDb } from '../../db/connection.js';
import type { Db } from '../../db/schema.js';
import { formatAccession } from '#shared/copies';

/** `count` fresh accession numbers, in order, in the caller's transaction. */
export async function allocateAccessionNumbers(trx: Db, count: number): Promise<string[]> {
  if (count <= 0) return [];
  let query = trx.selectFrom('library_settings').select(['id', 'accession_prefix', 'accession_digits', 'accession_next']).orderBy('id').limit(1);
  if (dialectOfDb(trx) === 'postgres') query = query.forUpdate();
  const settings = await query.executeTakeFirstOrThrow();
  const numbers: string[] = [];
  let next = Number(settings.accession_next);
  while (numbers.length < count) {
    const want = count - numbers.length;
    const candidates = Array.from({ length: want }, (_, i) => formatAccession(settings.accession_prefix, next + i, Number(settings.accession_digits)));
    const taken = new Set(
      (
        await trx
          .selectFrom('copies')
          .select(['accession_no', 'barcode'])
          .where((eb) => eb.or([eb('accession_no', 'in', candidates), eb('barcode', 'in', candidates)]))
          .execute()
      ).flatMap((row) => [row.accession_no, row.barcode]),
    );
    numbers.push(...candidates.filter((candidate) => !taken.has(candidate)));
    next += want;
  }
  await trx.updateTable('library_settings').set({ accession_next: sql<number>`${next}` }).where('id', '=', settings.id).execute();
  return numbers;
}
