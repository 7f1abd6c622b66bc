/**
 * The checkout session's calls (docs/API.md "The desk"), over the one HTTP client: the member
 * panel, issuing a scanned copy (with an override reason on a retry), mailing the slip, renewing
 * a membership and marking a loan lost. The member search and the staff hold are the existing
 * calls (`api/members.ts` `searchMembers`, `api/reservations.ts` `reserveBook`).
 */
import { http } from './http';
import { parseAnswer } from './schemas';
import { IssuedRecordStruct, type IssuedRecord } from './schemas/circulation';
import { DeskPanelStruct, DetailAnswerStruct, MembershipRenewalStruct, type DeskPanel, type DetailAnswer, type MembershipRenewal } from './schemas/desk';

type Id = string | number;
const seg = (id: Id): string => encodeURIComponent(String(id));

/** `GET /circulation/desk/members/{id}/`: the member panel in one answer. */
export async function fetchDeskPanel(memberId: Id): Promise<DeskPanel> {
  return parseAnswer(await http.get(`/circulation/desk/members/${seg(memberId)}/`), DeskPanelStruct);
}

/** `POST /books/issued-books/` by copy: lends the scanned copy to the member (his plan's due date). */
export async function issueCopy(body: { member: Id; copy: string; override_reason?: string }): Promise<IssuedRecord> {
  return parseAnswer(await http.post('/books/issued-books/', body), IssuedRecordStruct);
}

/** `POST /circulation/loan-slip/`: mails the member the slip of these loans. */
export async function mailLoanSlip(body: { member: Id; loans: Id[] }): Promise<DetailAnswer> {
  return parseAnswer(await http.post('/circulation/loan-slip/', body), DetailAnswerStruct);
}

/** `POST /members/{id}/membership/renew/`: the new term; the fee charged, and collected when `collected` is sent. */
export async function renewMembership(memberId: Id, body: { collected?: string }): Promise<MembershipRenewal> {
  return parseAnswer(await http.post(`/members/${seg(memberId)}/membership/renew/`, body), MembershipRenewalStruct);
}

/** `POST /books/issued-books/{id}/lost/`: closes the loan as lost and writes its charges. */
export async function markLoanLost(loanId: Id): Promise<unknown> {
  return (await http.post(`/books/issued-books/${seg(loanId)}/lost/`, {})) as unknown;
}
