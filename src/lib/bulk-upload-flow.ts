/**
 * The CSV bulk upload dialog's flow, pure: its stages (choose a file, read it in the browser,
 * preview, upload, done), which file is taken (one .csv within the size limit) and the words of a
 * refusal, how many rows an answer imported, and the message of an upload refused part-way. Each
 * reading carries a number; progress or a preview of an older reading changes nothing. The hook
 * `use-bulk-upload` runs the reading and the upload.
 */
import type { BulkUploadAnswer } from './schemas/books';
import { uploadRowErrors } from './book-upload-result';
import type { CsvPreview, RowIssue } from './csv-preview';
import { tooLargeMessage } from '#shared/upload-rules';

/** The result of an upload: the server's detail, how many rows landed, each rejected row's reasons. */
export interface UploadOutcome {
  detail: string | null;
  imported: number;
  issues: RowIssue[];
  /** Every error the server counted; it lists only the first 1,000. */
  errorCount?: number | undefined;
}

/** Where the dialog is. */
export type UploadStage<F> =
  | { kind: 'choose' }
  | { kind: 'reading'; file: F; progress: number }
  | { kind: 'preview'; file: F; preview: CsvPreview<string> }
  | { kind: 'uploading'; file: F; preview: CsvPreview<string> }
  | { kind: 'done'; file: F; outcome: UploadOutcome };

/** The dialog's whole state. */
export interface UploadState<F> {
  stage: UploadStage<F>;
  /** Why a chosen file was not taken or could not be read. */
  rejection: string | null;
  /** Why the last upload failed. */
  uploadError: string | null;
  createMissing: boolean;
  /** The number of the current reading; a newer choice or closing makes older ones stale. */
  reading: number;
}

/** What happens in the dialog. */
export type UploadAction<F> =
  | { type: 'choose'; file: F; reading: number }
  | { type: 'progress'; reading: number; fraction: number }
  | { type: 'read'; reading: number; preview: CsvPreview<string> }
  | { type: 'unreadable'; reading: number; name: string }
  | { type: 'reject'; message: string }
  | { type: 'create-missing'; value: boolean }
  | { type: 'upload' }
  | { type: 'uploaded'; outcome: UploadOutcome }
  | { type: 'upload-failed'; message: string }
  | { type: 'again'; reading: number };

/** Nothing chosen. */
export const uploadStart = <F>(reading = 0): UploadState<F> => ({ stage: { kind: 'choose' }, rejection: null, uploadError: null, createMissing: false, reading });

/** The messages of a file not taken. */
export const UPLOAD_REFUSALS = {
  notCsv: (name: string): string => `“${name}” is not a CSV file. Only .csv files can be uploaded.`,
  oneAtATime: 'Choose one .csv file at a time.',
  tooLarge: (name: string, maxBytes: number): string => `“${name}”: ${tooLargeMessage(maxBytes)}`,
  unreadable: (name: string): string => `“${name}” could not be read as CSV. Check the file and choose it again.`,
} as const;

/** Whether a file name is a .csv one. */
export const isCsvName = (name: string): boolean => /\.csv$/i.test(name.trim());

/** The refusal of files the picker turned down: more than one, too large, or not a CSV. */
export function refusalOf(rejected: readonly { name: string; errors: readonly string[] }[], maxBytes: number): string | null {
  const first = rejected[0];
  if (!first) return null;
  if (rejected.length > 1 || first.errors.includes('TOO_MANY_FILES')) return UPLOAD_REFUSALS.oneAtATime;
  if (first.errors.includes('FILE_TOO_LARGE')) return UPLOAD_REFUSALS.tooLarge(first.name, maxBytes);
  return UPLOAD_REFUSALS.notCsv(first.name);
}

/** The dialog's next state. */
export function uploadReducer<F extends { name: string }>(state: UploadState<F>, action: UploadAction<F>): UploadState<F> {
  const { stage } = state;
  switch (action.type) {
    case 'choose':
      return { ...uploadStart(action.reading), stage: { kind: 'reading', file: action.file, progress: 0 } };
    case 'progress':
      return action.reading === state.reading && stage.kind === 'reading' ? { ...state, stage: { ...stage, progress: action.fraction } } : state;
    case 'read':
      return action.reading === state.reading && stage.kind === 'reading' ? { ...state, stage: { kind: 'preview', file: stage.file, preview: action.preview } } : state;
    case 'unreadable':
      return action.reading === state.reading ? { ...state, stage: { kind: 'choose' }, rejection: UPLOAD_REFUSALS.unreadable(action.name) } : state;
    case 'reject':
      return { ...state, rejection: action.message };
    case 'create-missing':
      return { ...state, createMissing: action.value };
    case 'upload':
      return stage.kind === 'preview' ? { ...state, uploadError: null, stage: { ...stage, kind: 'uploading' } } : state;
    case 'uploaded':
      return stage.kind === 'uploading' ? { ...state, stage: { kind: 'done', file: stage.file, outcome: action.outcome } } : state;
    case 'upload-failed':
      return stage.kind === 'uploading' ? { ...state, uploadError: action.message, stage: { ...stage, kind: 'preview' } } : state;
    case 'again':
      return uploadStart(action.reading);
  }
}

/** The outcome of an answer: rows the server did not count as imported are the file's rows less those rejected. */
export function uploadOutcome(answer: BulkUploadAnswer, rowCount: number): UploadOutcome {
  const issues = uploadRowErrors(answer.errors);
  const imported = answer.imported ?? Math.max(0, rowCount - new Set(issues.map((issue) => issue.row)).size);
  return { detail: answer.detail ?? null, imported, issues, errorCount: answer.error_count ?? undefined };
}

/**
 * The message of a refused upload, and whether it was refused part-way (a bad byte deep inside:
 * earlier batches stay imported and the answer says so beside the reason, so the lists reload).
 */
export function failedUpload(body: Record<string, unknown> | null | undefined, reason: string, fileError: string | undefined): { message: string; partly: boolean } {
  const partly = typeof body?.['imported'] === 'number' && body['imported'] > 0;
  if (!partly) return { message: reason, partly };
  const detail = typeof body?.['detail'] === 'string' ? body['detail'] : '';
  return { message: [...new Set([fileError ?? reason, detail])].filter(Boolean).join(' '), partly };
}
