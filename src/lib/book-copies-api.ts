/** The book profile's copy calls (docs/API.md "Copies"): a title's copies, adding, editing and changing one, its history. */
import { http } from './http';
import { parseAnswer } from './schemas';
import {
  CopiesAddedStruct,
  CopyHistoryStruct,
  CopyPageStruct,
  CopyViewStruct,
  type CopiesAdded,
  type CopyHistory,
  type CopyPage,
  type CopyView,
} from './schemas/copies';

type Id = string | number;
const seg = (id: Id): string => encodeURIComponent(String(id));

/** The most copies one page of the profile shows (the server's page limit). */
export const COPIES_PAGE_SIZE = 500;

/** `GET /books/books/{id}/copies/`: the title's copies in copy order. */
export async function fetchBookCopies(bookId: Id, page = 1): Promise<CopyPage> {
  const params = { page: String(page), page_size: String(COPIES_PAGE_SIZE) };
  return parseAnswer(await http.get(`/books/books/${seg(bookId)}/copies/`, { params }), CopyPageStruct);
}

/** `POST /books/books/{id}/copies/` → the copies added and the server's sentence. */
export async function addBookCopies(bookId: Id, body: Record<string, unknown>): Promise<CopiesAdded> {
  return parseAnswer(await http.post(`/books/books/${seg(bookId)}/copies/`, body), CopiesAddedStruct);
}

/** `PATCH /books/copies/{id}/`: details, or a status with its reason. */
export async function updateCopy(copyId: Id, body: Record<string, unknown>): Promise<CopyView> {
  return parseAnswer(await http.patch(`/books/copies/${seg(copyId)}/`, body), CopyViewStruct);
}

/** `GET /books/copies/{id}/history/`: loans, holds and status changes, newest first. */
export async function fetchCopyHistory(copyId: Id): Promise<CopyHistory> {
  return parseAnswer(await http.get(`/books/copies/${seg(copyId)}/history/`), CopyHistoryStruct);
}
