/** Book answers (the specification's book fields; docs/API.md "Catalogue"). */
import { array, boolean, literal, nullable, number, optional, string, type, union, type Infer } from 'superstruct';
import { IdStruct } from '#shared/schemas/common';

const Text = optional(nullable(string()));
/** Money and counts: numbers from our server; decimal strings accepted from another. */
const NumberLike = union([number(), string()]);

export const NamedRefStruct = type({ id: IdStruct, name: string() });
export type NamedRef = Infer<typeof NamedRefStruct>;

export const CategoryStruct = type({ id: IdStruct, name: string(), image: Text });
export type Category = Infer<typeof CategoryStruct>;

export const BOOK_STATUSES = ['ACTIVE', 'WRITE_OFF', 'LOST'] as const;
export type BookStatus = (typeof BOOK_STATUSES)[number];

export const BookStruct = type({
  id: IdStruct,
  title: string(),
  author: string(),
  isbn: string(),
  department: optional(nullable(NamedRefStruct)),
  category: optional(nullable(CategoryStruct)),
  language: optional(nullable(NamedRefStruct)),
  publisher: Text,
  edition: Text,
  total_copies: NumberLike,
  available_copies: NumberLike,
  rack_no: Text,
  shelf_location: Text,
  date_of_entry: Text,
  status: union([literal('ACTIVE'), literal('WRITE_OFF'), literal('LOST'), string()]),
  status_reason: Text,
  price: optional(nullable(NumberLike)),
  specification_description: Text,
  detailed_description: Text,
  cover_photo: Text,
  cover_photos: optional(nullable(array(string()))),
  ebook_file: Text,
});
export type Book = Infer<typeof BookStruct>;

export const BookPageStruct = type({
  count: number(),
  next: optional(nullable(string())),
  previous: optional(nullable(string())),
  results: array(BookStruct),
});
export type BookPage = Infer<typeof BookPageStruct>;

export const DetailStruct = type({ detail: optional(nullable(string())) });

/** One rejected row of a bulk upload (our server: `{row, field, message}`; the original: `{"Row 3": "..."}`). */
export const BulkRowErrorStruct = union([
  type({ row: number(), field: optional(nullable(string())), message: string() }),
  type({}),
]);

export const BulkUploadAnswerStruct = type({
  detail: optional(nullable(string())),
  imported: optional(nullable(number())),
  errors: optional(nullable(array(BulkRowErrorStruct))),
  /** How many errors in all (the list holds the first 1,000). */
  error_count: optional(nullable(number())),
});
export type BulkUploadAnswer = Infer<typeof BulkUploadAnswerStruct>;

/** `GET/POST /settings/Books_settings/`. */
export const BookSettingsStruct = type({
  max_books_per_member: NumberLike,
  max_issue_duration: NumberLike,
  fine_per_day: NumberLike,
  /** The accession register's settings (Book Settings' accession panel; spine labels read the sheet). */
  accession_prefix: optional(string()),
  accession_digits: optional(NumberLike),
  next_accession_number: optional(NumberLike),
  label_sheet: optional(string()),
  /** The desk's rules (Book Settings' Blocks, Lost copies and Calendar panels). */
  block_fines_over: optional(nullable(NumberLike)),
  block_overdue_count: optional(nullable(number())),
  block_overdue_days: optional(nullable(number())),
  block_membership_expired: optional(nullable(boolean())),
  lost_processing_fee: optional(nullable(NumberLike)),
  lost_found_action: optional(nullable(string())),
  closed_weekdays: optional(nullable(array(number()))),
  fines_count_closed_days: optional(nullable(boolean())),
  detail: optional(nullable(string())),
});
export type BookSettings = Infer<typeof BookSettingsStruct>;

/** `GET reports/books/{id}/issued-members/`: the title's loans (circulation fills it). */
export const BookLoansStruct = type({
  book: optional(nullable(type({ id: IdStruct, title: optional(string()) }))),
  member_count: optional(nullable(number())),
  issued_to: array(
    type({
      issue_id: IdStruct,
      issue_date: Text,
      due_date: Text,
      return_date: Text,
      status: Text,
      member: type({ id: IdStruct, username: Text, email: Text, member_id: Text, roll_no: Text }),
    }),
  ),
});
export type BookLoans = Infer<typeof BookLoansStruct>;

