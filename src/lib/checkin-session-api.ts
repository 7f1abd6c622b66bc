/**
 * The check-in desk's calls (docs/API.md "Check-in"): check a copy in by its code, undo a return
 * made today, and the holds to pull from the shelf.
 */
import { http } from './http';
import { parseAnswer } from './schemas';
import { IssuedRecordStruct, type IssuedRecord } from './schemas/circulation';
import { CheckinAnswerStruct, ToPullStruct, type CheckinAnswer, type ToPull } from './schemas/checkin';

type Id = string | number;

/** `POST /circulation/check-in/`: returns the copy's open loan, or says the copy was not on loan. */
export async function checkInCopy(body: { barcode: string; return_date?: string }): Promise<CheckinAnswer> {
  return parseAnswer(await http.post('/circulation/check-in/', body), CheckinAnswerStruct);
}

/** `POST /books/issued-books/{id}/undo-return/`: the loan open again; answers the loan. */
export async function undoReturn(loanId: Id): Promise<IssuedRecord> {
  return parseAnswer(await http.post(`/books/issued-books/${encodeURIComponent(String(loanId))}/undo-return/`, {}), IssuedRecordStruct);
}

/** The most titles the to-pull list answers at once (the server's largest page). */
export const TO_PULL_TITLES = 200;

/** `GET /books/reservations/to-pull/`: titles with waiting holds and copies on the shelf (the first TO_PULL_TITLES). */
export async function fetchHoldsToPull(): Promise<ToPull> {
  return parseAnswer(await http.get('/books/reservations/to-pull/', { params: { page_size: String(TO_PULL_TITLES) } }), ToPullStruct);
}
