/**
 * The book field limits, one rule for the book form, the CSV preview, the server's book writes and
 * its bulk import (the server compiles this module too, like isbn.ts). Pure, no imports.
 */

/** Longest text stored per field (characters). */
export const BOOK_TEXT_LIMITS = {
  title: 255,
  author: 255,
  publisher: 255,
  isbn: 32,
  rack_no: 50,
  edition: 50,
  shelf_location: 100,
  /** The CSV's brief_description is stored as specification_description. */
  specification_description: 100,
  detailed_description: 10_000,
  /** Department, category and language names. */
  reference_name: 100,
  status_reason: 1000,
} as const;

/** Copies of one title: at least 1, at most this many. */
export const MAX_TOTAL_COPIES = 100_000;

/** Highest price (in the library's currency, two decimals). */
export const MAX_PRICE = 999_999;

/** Cover images kept per book. */
export const MAX_COVERS = 10;
