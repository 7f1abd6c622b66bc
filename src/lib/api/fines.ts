/** Fines calls: the pending list, collecting, a member's fines and receipts, one receipt. */
import { array, type } from 'superstruct';
import { http } from '../http';
import { parseAnswer } from '../schemas';
import {
  CollectAnswerStruct,
  FinePageStruct,
  FineRowStruct,
  ReceiptStruct,
  type CollectAnswer,
  type FinePage,
  type FineRow,
  type Receipt,
} from '../schemas/fines';

type Id = string | number;
const seg = (id: Id): string => encodeURIComponent(String(id));

/** The pending list's query (empty values are left out). */
export interface PendingFinesQuery {
  search?: string;
  /** Only this member's fines (user id). */
  member?: Id;
  page: number;
  page_size: number;
}

/** `GET /fines-viewset/pending/?page=…`: fines with something remaining, oldest first, one page. */
export async function fetchPendingFines(query: PendingFinesQuery): Promise<FinePage> {
  const params = new URLSearchParams();
  if (query.search?.trim()) params.set('search', query.search.trim());
  if (query.member !== undefined) params.set('member', String(query.member));
  params.set('page', String(query.page));
  params.set('page_size', String(query.page_size));
  return parseAnswer(await http.get('/fines-viewset/pending/', { params }), FinePageStruct);
}

/** The body of `POST /fines-viewset/collect/` (amounts as decimal strings). */
export interface CollectBody {
  member_id: Id;
  issued_ids: Id[];
  /** The ticked charges themselves; our server takes these instead of the loans. */
  fine_ids: Id[];
  collected_amount: string;
  discount: string;
  discount_reason?: string;
  full_payment: boolean;
}

/** `POST /fines-viewset/collect/`: the discount, then the cash, over the selected fines oldest first; answers the receipt number. */
export async function collectFines(body: CollectBody): Promise<CollectAnswer> {
  return parseAnswer(await http.post('/fines-viewset/collect/', body), CollectAnswerStruct);
}

/** `GET /fines/user/{id}/`: a member's fines, newest first (staff with view_fine, or the member himself). */
export async function fetchMemberFines(memberId: Id): Promise<FineRow[]> {
  return parseAnswer(await http.get(`/fines/user/${seg(memberId)}/`), array(FineRowStruct));
}

/** `GET /fines/user/{id}/receipts/`: a member's receipts, newest first. */
export async function fetchMemberReceipts(memberId: Id): Promise<Receipt[]> {
  return parseAnswer(await http.get(`/fines/user/${seg(memberId)}/receipts/`), array(ReceiptStruct));
}

/** `GET /fines/receipts/{receipt_no}/`: one receipt. */
export async function fetchReceipt(receiptNo: string): Promise<Receipt> {
  return parseAnswer(await http.get(`/fines/receipts/${seg(receiptNo)}/`), ReceiptStruct);
}

/** `POST /fines/charges/` (change_fine): a manual, damage or processing charge to a member; answers its FineRow. */
export async function addCharge(body: { member: number; fee_type: string; amount: string; note: string; loan?: number; copy?: number }): Promise<FineRow> {
  return parseAnswer(await http.post('/fines/charges/', body), FineRowStruct);
}

/** `POST /books/copies/{id}/damage/` (change_fine; marking the copy damaged also change_book): a damage charge to the copy's borrower (or last borrower). */
export async function chargeDamage(copyId: Id, body: { amount: string; note: string; mark_damaged: boolean }): Promise<{ charge: FineRow }> {
  return parseAnswer(await http.post(`/books/copies/${seg(copyId)}/damage/`, body), type({ charge: FineRowStruct }));
}

/** `POST /fines/{id}/cancel/` (change_fine): cancels what is still owed on a charge, with a reason; answers the FineRow. */
export async function cancelCharge(fineId: Id, body: { reason: string }): Promise<FineRow> {
  return parseAnswer(await http.post(`/fines/${seg(fineId)}/cancel/`, body), FineRowStruct);
}
