/**
 * What the stock verification calls read: the opening body (name, optional department, category
 * and shelf), a scan's barcode (1–40 characters, one line: what a scanner types), the report's
 * group and paging. A parameter given twice, or anything out of bounds, is a 400 naming it.
 */
import { ACCESSION_LIMITS, STOCK_REPORT_GROUPS, type StockReportGroup } from '#shared/copies';
import { ValidationError } from '../../errors.js';
import { formText, required } from '../../http/fields.js';
import { bodyObject, optionalId, readFields } from '../../http/validation.js';
import { readBoundedPage, single } from '../../http/query.js';

export const NAME_MAX = 100;
export const SHELF_MAX = 100;
export const REPORT_PAGE_MAX = 500;
export const REPORT_PAGE_DEFAULT = 100;
export const LIST_PAGE_MAX = 100;
export const LIST_PAGE_DEFAULT = 20;

/** A verification as opened: its name and filters. */
export interface OpenInput {
  name: string;
  department: number | null;
  category: number | null;
  shelf: string | null;
}

/** Reads the opening body; every field's problem at once. */
export function parseOpen(body: unknown): OpenInput {
  const { values, errors } = readFields(
    { name: required(formText({ max: NAME_MAX })), department: optionalId(), category: optionalId(), shelf: formText({ min: 0, max: SHELF_MAX }) },
    bodyObject(body),
  );
  errors.throwIfAny();
  return { name: values.name!, department: values.department ?? null, category: values.category ?? null, shelf: values.shelf || null };
}

/** Reads a scan's barcode: a string of 1–40 characters on one line (a number or a list is refused). */
export function parseScan(body: unknown): string {
  const input = bodyObject(body);
  if (typeof input['barcode'] === 'number' || typeof input['barcode'] === 'boolean') throw ValidationError.field('barcode', 'Not a valid string.');
  const { values, errors } = readFields({ barcode: required(formText({ max: ACCESSION_LIMITS.codeMax })) }, input);
  errors.throwIfAny();
  return values.barcode!;
}

/** A page of a list: its number from 1 and its size. */
export interface PageInput {
  page: number;
  pageSize: number;
}

/** `page` and `page_size` of the verifications list (at most 100 a page). */
export function parseListQuery(query: unknown): PageInput {
  const q = (query ?? {}) as Record<string, unknown>;
  const { page, size } = readBoundedPage(q, { defaultSize: LIST_PAGE_DEFAULT, maxSize: LIST_PAGE_MAX });
  return { page, pageSize: size };
}

/** The report's group (required), then its page (at most 500 rows a page). */
export function parseReportQuery(query: unknown): PageInput & { group: StockReportGroup } {
  const q = (query ?? {}) as Record<string, unknown>;
  const { page, size } = readBoundedPage(q, { defaultSize: REPORT_PAGE_DEFAULT, maxSize: REPORT_PAGE_MAX });
  return { group: parseGroup(q), page, pageSize: size };
}

/** The report group of an export (required). */
export function parseGroup(query: unknown): StockReportGroup {
  const group = single((query ?? {}) as Record<string, unknown>, 'group');
  if (!group) throw ValidationError.field('group', 'This parameter is required.');
  if (!(STOCK_REPORT_GROUPS as readonly string[]).includes(group)) throw ValidationError.field('group', `"${group}" is not a valid choice.`);
  return group as StockReportGroup;
}
