/** What the report calls accept: the book of a loan report, named by its id in the path. */
import { notFound } from '../../errors.js';
import { idParam } from '../../http/validation.js';

/** The book id of `reports/books/{id}/…`; 404 when it is not an id, 400 beyond the id column. */
export function parseReportBookId(raw: string | undefined): number {
  const id = idParam(raw);
  if (id === undefined) throw notFound();
  return id;
}
