/** The book CSV template (section 3) and the local preview of an upload. */

/** Columns of `Book-Template.csv`, in the specification's order. */
export const BOOK_TEMPLATE_COLUMNS = [
  'title',
  'author',
  'publisher',
  'isbn',
  'total_copies',
  'category',
  'department',
  'language',
  'edition',
  'rack_no',
  'shelf_location',
  'brief_description',
] as const;

/** Downloads `Book-Template.csv`. Placeholder until the template lands. */
export function downloadBookTemplate(): void {
  throw new Error('not yet');
}
