/**
 * The Spine Labels screen's calls: the copies of a choice (`GET /books/copies/` with `book`,
 * `accession_from` + `accession_to` or `added_since`, read in pages of 500 up to MAX_LABELS) and
 * the label sheet chosen in Book Settings.
 */
import { http } from './http';
import { parseAnswer } from './schemas';
import { CopyPageStruct, type CopyView } from './schemas/copies';
import { fetchBookSettings } from './api/settings';
import { fetchBook } from './api/books';
import { MAX_LABELS, bookShelf, booksNeedingShelf, labelSheetOf } from './labels';
import type { LabelSheet } from '#shared/copies';

/** The list's largest page. */
const PAGE_SIZE = 500;

/**
 * Every copy the query matches (in accession-number order), at most MAX_LABELS, with the full
 * count, and the shelves of the books whose copies have no call number or shelf of their own.
 */
export async function fetchLabelCopies(query: Record<string, string>): Promise<{ copies: CopyView[]; count: number; shelves: Record<string, string> }> {
  const copies: CopyView[] = [];
  let count = 0;
  for (let page = 1; copies.length < MAX_LABELS; page++) {
    const answer = parseAnswer(await http.get('/books/copies/', { params: { ...query, page: String(page), page_size: String(PAGE_SIZE) } }), CopyPageStruct);
    count = answer.count;
    copies.push(...answer.results);
    if (answer.results.length < PAGE_SIZE || copies.length >= count) break;
  }
  const loaded = copies.slice(0, MAX_LABELS);
  return { copies: loaded, count, shelves: await fetchShelves(booksNeedingShelf(loaded)) };
}

/** The shelf (else rack) of each book, read six at a time; a book that cannot be read has none. */
async function fetchShelves(bookIds: readonly string[]): Promise<Record<string, string>> {
  const shelves: Record<string, string> = {};
  for (let i = 0; i < bookIds.length; i += 6) {
    await Promise.all(
      bookIds.slice(i, i + 6).map(async (id) => {
        const shelf = await fetchBook(id).then(bookShelf, () => '');
        if (shelf) shelves[id] = shelf;
      }),
    );
  }
  return shelves;
}

/** The label sheet set in Book Settings. */
export async function fetchLabelSheet(): Promise<LabelSheet> {
  return labelSheetOf(await fetchBookSettings());
}
