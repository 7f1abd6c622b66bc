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

/** Candidates checked per query (both databases' parameter limits). */
const CHECK_CHUNK = 500;

/** Which of the candidates a copy already holds as its accession number or barcode. */
async function takenAmong(trx: Db, candidates: readonly string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let i = 0; i < candidates.length; i += CHECK_CHUNK) {
    const chunk = candidates.slice(i, i + CHECK_CHUNK);
    const rows = await trx
      .selectFrom('copies')
      .select(['accession_no', 'barcode'])
      .where((eb) => eb.or([eb('accession_no', 'in', chunk), eb('barcode', 'in', chunk)]))
      .execute();
    for (const row of rows) taken.add(row.accession_no).add(row.barcode);
  }
  return taken;
}

/**
 * `count` fresh accession numbers, in order, in the caller's transaction. `avoid` holds numbers
 * the same call gives its other copies (kept as given), so the sequence does not hand them out too.
 */
export async function allocateAccessionNumbers(trx: Db, count: number, avoid: ReadonlySet<string> = new Set()): Promise<string[]> {
  if (count <= 0) return [];
  let query = trx.selectFrom('library_settings').select(['id', 'accession_prefix', 'accession_digits', 'accession_next']).orderBy('id').limit(1);
  if (dialectOfDb(trx) === 'postgres') query = query.forUpdate();
  const settings = await query.executeTakeFirstOrThrow();
  const numbers: string[] = [];
  let next = Number(settings.accession_next);
  while (numbers.length < count) {
    const want = count - numbers.length;
    const candidates = Array.from({ length: want }, (_, i) => formatAccession(settings.accession_prefix, next + i, Number(settings.accession_digits)));
    const taken = await takenAmong(trx, candidates);
    numbers.push(...candidates.filter((candidate) => !taken.has(candidate) && !avoid.has(candidate)));
    next += want;
  }
  await trx.updateTable('library_settings').set({ accession_next: sql<number>`${next}` }).where('id', '=', settings.id).execute();
  return numbers;
}
