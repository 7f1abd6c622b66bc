/**
 * What a code scanned or typed at the issue desk is, and how it is resolved: a valid ISBN-10/13
 * (src/lib/isbn.ts) names a book by ISBN, digits alone name a book by id, and the library's member
 * number shape (the configured prefix and digits, "MBR-0001" by default: see `memberIdPattern` on
 * the server) names a member. Resolution uses the existing calls and accepts exact matches only, so
 * a scan never picks "the first search hit". Pure: the calls are handed in.
 */
import { normaliseIsbn } from '#shared/isbn';

/** A classified code. */
export type ScannedCode =
  | { kind: 'isbn'; isbn: string }
  | { kind: 'book-id'; id: string }
  | { kind: 'member-number'; number: string }
  | { kind: 'unknown'; text: string };

/**
 * A member number: starts with a letter, ends with a digit, letters, digits and - / . _ between
 * (the generated ones are a prefix and digits; ids typed into a bulk upload follow the same shape).
 */
const MEMBER_NUMBER = /^[A-Za-z][A-Za-z0-9/._-]{0,48}\d$/;

/** What a scanned or typed code is (an ISBN before a book id: a 10-digit valid ISBN is an ISBN). */
export function classifyCode(raw: string): ScannedCode {
  const text = raw.trim();
  const isbn = normaliseIsbn(text);
  if (isbn !== undefined) return { kind: 'isbn', isbn };
  if (/^\d{1,15}$/.test(text)) return { kind: 'book-id', id: String(Number(text)) };
  if (MEMBER_NUMBER.test(text)) return { kind: 'member-number', number: text.toUpperCase() };
  return { kind: 'unknown', text };
}

/** The calls a resolution may use: member search, book list search and the book by id. */
export interface ScanCalls<M, B> {
  searchMembers: (term: string) => Promise<M[]>;
  searchBooks: (term: string) => Promise<B[]>;
  /** The book with this id, or null when there is none. */
  fetchBook: (id: string) => Promise<B | null>;
}

/** What a code resolved to: a member, a book, or the message to show under the scan input. */
export type ScanResult<M, B> = { kind: 'member'; member: M } | { kind: 'book'; book: B } | { kind: 'none'; message: string };

/** The messages shown under the scan input. */
export const SCAN_MESSAGES = {
  empty: 'Scan or type a member number, ISBN or book id.',
  unknown: (text: string): string => `“${text}” is not a member number, ISBN or book id.`,
  noMember: (number: string): string => `No active member has the number ${number}.`,
  noIsbn: (isbn: string): string => `No book has the ISBN ${isbn}.`,
  noBookId: (id: string): string => `No book has the id ${id}.`,
} as const;

/** Resolves a code to exactly one member or book (exact member number, ISBN or id only). */
export async function resolveCode<M extends { member_id?: string | null | undefined }, B extends { id: string | number; isbn?: string | null | undefined }>(
  raw: string,
  calls: ScanCalls<M, B>,
): Promise<ScanResult<M, B>> {
  const code = classifyCode(raw);
  switch (code.kind) {
    case 'unknown':
      return { kind: 'none', message: code.text ? SCAN_MESSAGES.unknown(code.text) : SCAN_MESSAGES.empty };
    case 'member-number': {
      const found = await calls.searchMembers(code.number);
      const member = found.find((m) => (m.member_id ?? '').toUpperCase() === code.number);
      return member ? { kind: 'member', member } : { kind: 'none', message: SCAN_MESSAGES.noMember(code.number) };
    }
    case 'isbn': {
      const found = await calls.searchBooks(code.isbn);
      const book = found.find((b) => normaliseIsbn(b.isbn ?? '') === code.isbn);
      return book ? { kind: 'book', book } : { kind: 'none', message: SCAN_MESSAGES.noIsbn(code.isbn) };
    }
    case 'book-id': {
      const book = await calls.fetchBook(code.id);
      return book && String(book.id) === code.id ? { kind: 'book', book } : { kind: 'none', message: SCAN_MESSAGES.noBookId(code.id) };
    }
  }
}
