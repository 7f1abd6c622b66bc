/** Catalogue calls: books and the reference data the book form reads (docs/API.md "Catalogue"). */
import { http } from '../http';
import { parseAnswer } from '../schemas';
import {
  BookPageStruct,
  BookStruct,
  BulkUploadAnswerStruct,
  DetailStruct,
  type Book,
  type BookPage,
  type BulkUploadAnswer,
} from '../schemas/books';

type Id = string | number;
const seg = (id: Id): string => encodeURIComponent(String(id));

/** List query: search, filters, ordering and paging (all optional; empty values are left out). */
export interface BookQuery {
  search?: string;
  category?: Id | '';
  department?: Id | '';
  language?: Id | '';
  status?: string;
  available?: boolean;
  ordering?: string;
  page?: number;
  page_size?: number;
}

/** The query as URL parameters, without empty values. */
export function bookQueryParams(query: BookQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '' || value === false) continue;
    params.set(key, String(value));
  }
  return params;
}

/** `GET books/books/?page=…`: one page of books with the total count. */
export async function fetchBookPage(query: BookQuery): Promise<BookPage> {
  const params = bookQueryParams({ page: 1, ...query });
  return parseAnswer(await http.get('/books/books/', { params }), BookPageStruct);
}

/** `GET books/books/{id}/`. */
export async function fetchBook(id: Id): Promise<Book> {
  return parseAnswer(await http.get(`/books/books/${seg(id)}/`), BookStruct);
}

/** `POST books/books/` (multipart: covers repeat `cover_photo`; `ebook_file`). */
export async function createBook(body: FormData): Promise<Book> {
  return parseAnswer(await http.post('/books/books/', body), BookStruct);
}

/** `PATCH books/books/{id}/` (multipart; `status` and `reason` only here). */
export async function updateBook(id: Id, body: FormData): Promise<Book> {
  return parseAnswer(await http.patch(`/books/books/${seg(id)}/`, body), BookStruct);
}

/** `POST books/books/{id}/confirm-delete/` with the acting user's password; answers the detail. */
export async function deleteBook(id: Id, password: string): Promise<string> {
  const answer = parseAnswer(await http.post(`/books/books/${seg(id)}/confirm-delete/`, { password }), DetailStruct);
  return answer.detail ?? 'Book deleted successfully.';
}

/** `GET books/books/{id}/ebook/`: the PDF as a blob (it needs the bearer token). */
export async function fetchEbook(id: Id): Promise<Blob> {
  return http.get<Blob>(`/books/books/${seg(id)}/ebook/`, { responseType: 'blob' });
}

/** `POST books/bulk-upload/` (multipart `file`; `create_missing=true` adds unknown names). */
export async function bulkUploadBooks(file: File | Blob, options: { createMissing?: boolean } = {}): Promise<BulkUploadAnswer> {
  const body = new FormData();
  // Before the file: the server imports the file as it streams in and refuses a later create_missing.
  if (options.createMissing) body.append('create_missing', 'true');
  body.append('file', file);
  return parseAnswer(await http.post('/books/bulk-upload/', body), BulkUploadAnswerStruct);
}
