/**
 * Finding a copy from what a person scans or types (docs/API.md "Copies"): the exact lookup by
 * barcode or accession number, and the copies list's search. The desk (issue, return) and the top
 * bar's search use them; a copy nobody has is null, not a failure.
 */
import { http } from '../http';
import { errorStatus } from '../error-reading';
import { parseAnswer } from '../schemas';
import { CopyPageStruct, CopyViewStruct, type CopyView } from '../schemas/copies';

/** `GET /books/copies/?barcode=…`: the copy whose barcode or accession number is `code`, or null (404). */
export async function lookupCopy(code: string): Promise<CopyView | null> {
  try {
    return parseAnswer(await http.get('/books/copies/', { params: { barcode: code } }), CopyViewStruct);
  } catch (failure) {
    if (errorStatus(failure) === 404) return null;
    throw failure;
  }
}

/** `GET /books/copies/?search=…`: up to `limit` copies whose accession number, barcode or title starts with `term`. */
export async function searchCopies(term: string, limit = 5): Promise<CopyView[]> {
  const answer = parseAnswer(await http.get('/books/copies/', { params: { search: term, page_size: String(limit) } }), CopyPageStruct);
  return answer.results;
}
