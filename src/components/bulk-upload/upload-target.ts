/**
 * What differs between the CSV imports the one bulk upload dialog runs (books, members): the
 * wording, the template's columns, how a file is previewed, the upload call, the error
 * catalogue's messages and which lists reload afterwards. Each import is one `UploadTarget`.
 */
import type { CsvPreview } from '../../lib/csv-preview';
import type { BulkUploadAnswer } from '../../lib/schemas/books';

export interface UploadTarget<C extends string = string> {
  /** The dialog's title ('Bulk Upload Books'). */
  title: string;
  /** The dialog's one-sentence description. */
  description: string;
  /** The template's button label ('Book Template'), named where the header is wrong. */
  templateLabel: string;
  /** What one row is ('book'), for counts. */
  noun: string;
  /** The template's columns, for the preview table. */
  columns: readonly C[];
  /** Columns the preview table shows masked (passwords). */
  maskedColumns?: readonly C[];
  /** Labels of the columns whose names are checked against the library's lists ('Categories'). */
  nameLabels: Partial<Record<C, string>>;
  /** What happens to rows with unknown names. */
  unknownNamesNote: string;
  /** The label of the option to create missing names, when the import offers it. */
  createMissingLabel?: string;
  /** Starts loading what the preview needs (the library's names) when the dialog opens. */
  prepare(): void;
  /** The local preview of a chosen file; `onProgress` gets 0..1. */
  preview(file: File, onProgress: (fraction: number) => void): Promise<CsvPreview<C>>;
  /** Sends the file. */
  upload(file: File, options: { createMissing: boolean }): Promise<BulkUploadAnswer>;
  /** The success toast when the server's answer has no detail ('Successfull', 'Upload successful!'). */
  successFallback: string;
  /** The message of a failed upload (the error catalogue's upload rule). */
  errorMessage(error: unknown): string;
  /** Rows were imported (some of them, when the upload failed part-way): the page's lists reload. */
  imported(createMissing: boolean): void;
}
