/**
 * A streamed CSV import, the part every import shares (books today, members next). The route
 * feeds it the form's parts in order (`option`, `readFile`), then `finish()` saves the last batch
 * and answers, or throws the 400 that refuses the upload. No more than one batch of rows (plus
 * what the subclass keeps and the capped error list) is held.
 *
 * - The file is read as UTF-8 CSV row by row (`CsvRowReader`); rows are numbered from 1 (the
 *   first data row after the header; blank lines are not rows). The subclass checks each row
 *   (`checkRow`, errors into `this.errors`); more than MAX_BAD_ROWS bad rows stop the import.
 * - Every `batchSize` valid rows are saved by the subclass (`saveBatch`) in one transaction; each
 *   batch is all or nothing. The last (partial) batch is saved only once the whole request body
 *   has been read. One audit entry per import is written with the first batch and its counts
 *   updated by each later one, so it always describes what is committed.
 * - A batch that fails rolls back alone: its rows and every later valid row are reported as not
 *   saved. A problem found part-way (a bad byte, the size limit, an option after the file) stops
 *   the import: rows not yet committed are dropped. If nothing was imported the answer is the
 *   plain 400 of a refused file; if earlier batches were committed, the 400 also carries `detail`,
 *   `imported` and the `errors` of the committed rows, so it never hides what was saved.
 */
import { randomBytes } from 'node:crypto';
import type { AppContext, AuthUser } from '../../context.js';
import type { Db } from '../../db/schema.js';
import { ApiError, ValidationError } from '../../errors.js';
import { tooLargeMessage } from '#shared/upload-rules';
import { recordAudit } from '../audit/service.js';
import type { AuditAction } from '#shared/audit-actions';
import { CSV_MESSAGES, controlCharacterColumns, CsvRowReader, type CsvTemplate } from './csv-rows.js';
import { CONTROL_CHARACTERS_MESSAGE } from '#shared/control-characters';
import { MAX_BAD_ROWS, RowErrors, TOO_MANY_BAD_ROWS, type RowError } from './row-errors.js';

/** What an import's subclass and its tests need from the reader and the error list. */
export { CSV_MESSAGES, type CsvTemplate } from './csv-rows.js';
export { MAX_BAD_ROWS, MAX_LISTED_ERRORS, RowErrors, TOO_MANY_BAD_ROWS, type RowError } from './row-errors.js';

/** Rows per transaction unless an import says otherwise. */
export const DEFAULT_BATCH_SIZE = 500;

/** Said for the rows of a batch whose transaction failed, and for every valid row after it. */
export const NOT_SAVED = 'Not imported: the server failed while saving this row’s batch. Upload it again.';

/** The refusal of an option field sent after the file (it can no longer apply to rows already read). */
export const lateOptionMessage = (name: string): string => `Send ${name} before the file in the form: it arrived after the file had been read.`;

/** The truthy spellings of a form flag. */
export const formFlag = (value: unknown): boolean => ['true', '1', 'on', 'yes'].includes(String(value ?? '').trim().toLowerCase());

/** A readable file stream: iterated chunk by chunk, drained when the import stops early. */
export interface CsvStream extends AsyncIterable<Buffer> {
  /** Set when the multipart limit cut the file. */
  truncated?: boolean;
}

/** The answer of a finished import. */
export interface ImportResult {
  detail: string;
  imported: number;
  /** The first MAX_LISTED_ERRORS errors. */
  errors: RowError[];
  /** How many errors there were in all. */
  error_count: number;
}

/** What one import is: its template, its option fields, its audit entry. */
export interface ImportSpec<Column extends string> extends CsvTemplate<Column> {
  /** Form fields that must come before the file (a later one refuses the upload). */
  options?: readonly string[];
  /** The audit entry written per import (`entity_id` is a random import id). */
  audit: { action: AuditAction; entity: string };
  /** Valid rows per transaction (DEFAULT_BATCH_SIZE). */
  batchSize?: number;
  /** The most bytes a file may have (the configuration's CSV upload limit). */
  maxBytes?: number;
}

/** A batch's outcome inside its transaction. */
export interface SavedBatch {
  /** Rows saved. */
  imported: number;
  /** Rows refused while saving; recorded only once the transaction has committed. */
  rejected: RowError[];
  /** Extra fields of the audit summary as they stand once this batch commits. */
  auditDetails?: Record<string, unknown>;
  /** Runs after the commit (caches of what now exists). */
  committed?: () => void;
}

/** One streamed import; a subclass gives the row rules and the saving of a batch. */
export abstract class CsvImport<Column extends string, Valid extends { row: number }> {
  /** The rejected rows so far (checkRow and prepareBatch add theirs). */
  protected readonly errors: RowErrors;
  private readonly options = new Map<string, unknown>();
  private lateOption: string | undefined;
  private fileStarted = false;
  private filename: string | null = null;
  /** Why the upload is refused (found while reading); answered by finish(). */
  private refusal: ApiError | undefined;

  private rowCount = 0;
  private badRows = 0;
  private pending: Valid[] = [];
  private imported = 0;
  /** Rows 1..committedThrough are settled: saved in committed batches or rejected. */
  private committedThrough = 0;
  private auditWritten = false;
  private failed = false;
  private readonly importId = `import-${randomBytes(9).toString('base64url')}`;

  constructor(
    protected readonly ctx: AppContext,
    protected readonly user: AuthUser,
    private readonly spec: ImportSpec<Column>,
  ) {
    this.errors = new RowErrors(spec.columns);
  }

  /** Checks one row: the valid row, or undefined with its errors pushed to `this.errors`. */
  protected abstract checkRow(rowNumber: number, row: Record<Column, string>): Valid | undefined;

  /** Checks a batch against what is stored, before its transaction; returns the rows to save. */
  protected async prepareBatch(batch: Valid[]): Promise<Valid[]> {
    return batch;
  }

  /** Saves the rows inside the batch's transaction. */
  protected abstract saveBatch(trx: Db, rows: Valid[]): Promise<SavedBatch>;

  /** The answer's `detail` for a finished import ("3 books uploaded."). */
  protected abstract finishedDetail(imported: number): string;

  /** The answer's `detail` when the import stopped after `imported` rows of 1..`through` were committed. */
  protected abstract stoppedDetail(imported: number, through: number): string;

  /** Extra fields of the audit summary for what is committed. */
  protected auditDetails(): Record<string, unknown> {
    return {};
  }

  /** The value an option field had before the file (undefined when not sent). */
  protected option(name: string): unknown {
    return this.options.get(name);
  }

  /** A form field. Only the spec's option fields count, and only before the file. */
  field(name: string, value: unknown): void {
    if (!(this.spec.options ?? []).includes(name)) return;
    if (this.fileStarted) this.lateOption ??= name;
    else this.options.set(name, value);
  }

  /** Whether a file part was already taken (later ones are drained and ignored). */
  get hasFile(): boolean {
    return this.fileStarted;
  }

  private get maxBytes(): number {
    return this.spec.maxBytes ?? this.ctx.config.uploadCsvMaxBytes;
  }

  /** Reads the file part to its end, importing full batches on the way. Never leaves it half read. */
  async readFile(filename: string, stream: CsvStream): Promise<void> {
    this.fileStarted = true;
    this.filename = filename || null;
    const reader = new CsvRowReader<Column>(this.spec, this.maxBytes, (row, malformed) => this.takeRow(row, malformed));
    const chunks = stream[Symbol.asyncIterator]();
    try {
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) await reader.push(next.value);
      if (stream.truncated) throw ValidationError.field('file', tooLargeMessage(this.maxBytes));
      // An empty file input (no file chosen) is no upload.
      if (reader.size === 0 && !filename) {
        this.fileStarted = false;
        return;
      }
      await reader.end();
    } catch (error) {
      // Read the rest of the part without looking at it, so the request body is consumed.
      try {
        for (let next = await chunks.next(); !next.done; next = await chunks.next());
      } catch {
        // The stream itself failed: nothing left to read.
      }
      if (!(error instanceof ApiError)) throw error;
      this.refusal = error;
    }
  }

  private async takeRow(row: Record<Column, string>, malformed: boolean): Promise<void> {
    const errorsBefore = this.errors.length;
    const rowNumber = ++this.rowCount;
    const controlled = malformed ? [] : controlCharacterColumns(row);
    if (malformed) this.errors.push({ row: rowNumber, field: null, message: 'Malformed row: a quoted value is not closed.' });
    else if (controlled.length > 0) this.errors.push(...controlled.map((field) => ({ row: rowNumber, field, message: CONTROL_CHARACTERS_MESSAGE })));
    else {
      const valid = this.checkRow(rowNumber, row);
      if (valid && this.failed) this.errors.push({ row: rowNumber, field: null, message: NOT_SAVED });
      else if (valid) this.pending.push(valid);
    }
    if (this.errors.length > errorsBefore && ++this.badRows > MAX_BAD_ROWS) throw ValidationError.field('file', TOO_MANY_BAD_ROWS);
    if (this.pending.length >= (this.spec.batchSize ?? DEFAULT_BATCH_SIZE)) await this.flush(false);
  }

  private summary(rows: number, imported: number, complete: boolean, details: Record<string, unknown>, stopped?: string): Record<string, unknown> {
    return { file: this.filename, rows, imported, rejected: rows - imported, ...details, complete, ...(stopped ? { stopped } : {}) };
  }

  /** Saves the pending rows as one batch (the last one with `final`). */
  private async flush(final: boolean): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    const through = this.rowCount;
    if (this.failed) return;
    const rows = await this.prepareBatch(batch);
    try {
      const saved = await this.ctx.db.transaction().execute(async (trx) => {
        const saved = await this.saveBatch(trx, rows);
        const details = saved.auditDetails ?? this.auditDetails();
        await this.writeAudit(trx, this.summary(through, this.imported + saved.imported, final, details));
        return saved;
      });
      this.auditWritten = true;
      saved.committed?.();
      this.errors.push(...saved.rejected);
      this.imported += saved.imported;
      this.committedThrough = through;
    } catch (error) {
      // This batch rolled back; the earlier ones stay. Say so for this batch's rows and every later one.
      this.ctx.log.error({ err: error }, `Import batch failed (${this.spec.audit.entity})`);
      this.failed = true;
      for (const r of rows) this.errors.push({ row: r.row, field: null, message: NOT_SAVED });
    }
  }

  private async writeAudit(db: Db, after: Record<string, unknown>): Promise<void> {
    const { action, entity } = this.spec.audit;
    if (!this.auditWritten) {
      await recordAudit(db, { userId: this.user.id, action, entity, entityId: this.importId, after });
    } else {
      await db.updateTable('audit_log').set({ after: JSON.stringify(after) }).where('entity', '=', entity).where('entity_id', '=', this.importId).execute();
    }
  }

  /** Saves the last batch and answers; or throws the 400 for a refused upload. */
  async finish(): Promise<ImportResult> {
    if (this.refusal) return this.stop(this.refusal);
    if (!this.fileStarted) throw ValidationError.field('file', CSV_MESSAGES.noFile);
    if (this.lateOption !== undefined) return this.stop(ValidationError.field(this.lateOption, lateOptionMessage(this.lateOption)));
    await this.flush(true);
    const imported = this.imported;
    return { detail: this.finishedDetail(imported), imported, errors: this.errors.list(), error_count: this.errors.length };
  }

  /**
   * Refuses the upload. Rows not yet committed are dropped. Nothing imported: the plain 400.
   * Earlier batches committed: the 400 says how many rows were saved and which, with their errors.
   */
  private async stop(refusal: ApiError): Promise<never> {
    this.pending = [];
    if (this.auditWritten) {
      const reason = Object.values(refusal.body).flat().find((m): m is string => typeof m === 'string') ?? 'refused';
      const after = this.summary(this.committedThrough, this.imported, false, this.auditDetails(), reason);
      await this.writeAudit(this.ctx.db, after).catch((error: unknown) => this.ctx.log.error({ err: error }, 'Import audit update failed'));
    }
    if (this.imported === 0) throw refusal;
    const through = this.committedThrough;
    throw new ApiError(400, {
      ...refusal.body,
      detail: this.stoppedDetail(this.imported, through),
      imported: this.imported,
      errors: this.errors.list(through),
      error_count: this.errors.length,
    });
  }
}
