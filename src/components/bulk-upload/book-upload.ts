/**
 * The book CSV import in the bulk upload dialog: the Book Template's
 * columns, unknown categories, departments and languages checked against the library's lists (the
 * upload may create them), `POST books/bulk-upload/`, toast 'Successfull', the catalogue reloads.
 */
import { bulkUploadBooks } from '../../lib/api/books';
import { knownNames, previewBookCsvFile, type KnownNames } from '../../lib/book-csv';
import { BOOK_TEMPLATE_COLUMNS, BOOK_TEMPLATE_HELP, type BookCsvColumn } from '../../lib/book-template';
import { callErrorMessage } from '../../lib/errors';
import { catalogueChanged } from '../../stores/catalogue';
import { $categories, $departments, $languages, referenceChanged, referenceItems, settledReferenceList } from '../../stores/reference';
import type { UploadTarget } from './upload-target';

/** The library's category, department and language names from the shared store; a list the user may not read is left out. */
async function loadKnownNames(): Promise<KnownNames> {
  const [categories, departments, languages] = await Promise.all([
    settledReferenceList($categories),
    settledReferenceList($departments),
    settledReferenceList($languages),
  ]);
  const category = referenceItems(categories);
  const department = referenceItems(departments);
  const language = referenceItems(languages);
  return knownNames({ ...(category ? { category } : {}), ...(department ? { department } : {}), ...(language ? { language } : {}) });
}

/** The names the next preview checks: read when the dialog opens, again after an import that created names. */
let names: Promise<KnownNames> | null = null;

/** After an import that may have created names: every list of them reloads, and the preview reads the new ones. */
async function namesChanged(): Promise<KnownNames> {
  await Promise.all([referenceChanged('category'), referenceChanged('department'), referenceChanged('language')]);
  return loadKnownNames();
}

/** The book import. */
export const bookUpload: UploadTarget<BookCsvColumn> = {
  title: 'Bulk Upload Books',
  description: `Upload a .csv file with the Book Template's columns. It is checked here before anything is sent. ${BOOK_TEMPLATE_HELP}`,
  templateLabel: 'Book Template',
  noun: 'book',
  columns: BOOK_TEMPLATE_COLUMNS,
  nameLabels: { category: 'Categories', department: 'Departments', language: 'Languages' },
  unknownNamesNote: 'Rows with unknown names are rejected unless you let the upload create them.',
  createMissingLabel: 'Create missing categories, departments and languages',
  prepare() {
    names ??= loadKnownNames();
  },
  async preview(file, onProgress) {
    return previewBookCsvFile(file, await (names ??= loadKnownNames()), onProgress);
  },
  upload: (file, { createMissing }) => bulkUploadBooks(file, { createMissing }),
  successFallback: 'Successfull',
  // The error catalogue: book calls read the first field's error.
  errorMessage: (error) => callErrorMessage('book-bulk-upload', error),
  imported(createMissing) {
    catalogueChanged();
    if (createMissing) names = namesChanged();
  },
};
