/**
 * An uploaded CSV read as it arrives, row by row, judged by its content:
 * the first bytes must not be a known binary signature, no chunk may hold a zero byte, the text
 * must be strict UTF-8 (a BOM is dropped), at most `maxBytes`. Each chunk is checked before any
 * of its rows are parsed. The header (any order, any letter case, aliases allowed) must hold the
 * required columns, or the upload is refused (400 naming the missing ones). Blank lines are not rows.
 * A zero byte refuses the file (binary); other control characters reject their row (the import's `takeRow`).
 */
import Papa from 'papaparse';
import { ApiError, ValidationError } from '../../errors.js';
import { tooLargeMessage } from '#shared/upload-rules';
import { detectFileType } from '../../storage/service.js';
import { hasControlCharacters } from '#shared/control-characters';

/** The refusals of a file that is not a usable CSV. */
export const CSV_MESSAGES = {
  noFile: 'No file was submitted.',
  empty: 'The submitted file is empty.',
  invalid: 'Upload a valid CSV file.',
} as const;

/** The columns an import reads. */
export interface CsvTemplate<Column extends string> {
  /** Every column, in the template's order. */
  columns: readonly Column[];
  /** Columns the header must hold. */
  required: readonly Column[];
  /** Other header names read as a template column. */
  aliases?: Readonly<Record<string, Column>>;
}

/** Bytes held back before judging the file type by its first bytes. */
const SNIFF_BYTES = 32;
/** Text gathered before the delimiter and line ending are guessed (papaparse guesses on its first chunk). */
const GUESS_CHARS = 64 * 1024;

/** papaparse's per-file parser (exported by the library, not typed): guesses once, then parses chunks. */
interface ParserHandle {
  parse(input: string, baseIndex: number, ignoreLastRow: boolean): { data: string[][]; errors: { type: string; row?: number }[]; meta: { cursor: number } };
}
const ParserHandleClass = (Papa as unknown as { ParserHandle: new (config: Papa.ParseConfig) => ParserHandle }).ParserHandle;

const isBlankRecord = (cells: readonly string[]): boolean => cells.every((cell) => cell.trim() === '');

/**
 * The columns of a row whose cell holds a control character no field allows (tab, newline and
 * CRLF are left to each column's own rule): such a row is rejected whole, never stored.
 */
export function controlCharacterColumns<Column extends string>(row: Record<Column, string>): Column[] {
  return (Object.keys(row) as Column[]).filter((column) => hasControlCharacters(row[column], 'multi'));
}

/** Called for each data row: its cells by column ('' for a column the file lacks), or `malformed`. */
export type CsvRowHandler<Column extends string> = (row: Record<Column, string>, malformed: boolean) => Promise<void>;

/** Turns the bytes of one uploaded file into rows; throws the 400 that refuses the file. */
export class CsvRowReader<Column extends string> {
  private bytes = 0;
  private head: Buffer[] = [];
  private headBytes = 0;
  private sniffed = false;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  private sample = '';
  private parser: ParserHandle | undefined;
  private partial = '';
  private columns: Map<Column, number> | undefined;

  constructor(
    private readonly template: CsvTemplate<Column>,
    private readonly maxBytes: number,
    private readonly onRow: CsvRowHandler<Column>,
  ) {}

  /** How many bytes have arrived. */
  get size(): number {
    return this.bytes;
  }

  /** Takes the next chunk of the file; its complete rows are handed on. */
  async push(chunk: Buffer): Promise<void> {
    if (chunk.length === 0) return;
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) throw ValidationError.field('file', tooLargeMessage(this.maxBytes));
    if (!this.sniffed) {
      this.head.push(chunk);
      this.headBytes += chunk.length;
      if (this.headBytes < SNIFF_BYTES) return;
      chunk = this.sniff();
    }
    await this.takeText(this.decode(chunk, true), false);
  }

  /** The file has ended: the last row is handed on; an empty file or one without a header is refused. */
  async end(): Promise<void> {
    if (this.bytes === 0) throw ValidationError.field('file', CSV_MESSAGES.empty);
    const last = this.sniffed ? Buffer.alloc(0) : this.sniff();
    await this.takeText(this.decode(last, false), true);
    if (!this.columns) throw ValidationError.field('file', CSV_MESSAGES.empty);
  }

  /** Images, PDFs and other binaries: a known signature at the start. */
  private sniff(): Buffer {
    const start = Buffer.concat(this.head);
    this.head = [];
    this.sniffed = true;
    if (detectFileType(start) !== undefined) throw ValidationError.field('file', CSV_MESSAGES.invalid);
    return start;
  }

  private decode(chunk: Buffer, stream: boolean): string {
    if (chunk.includes(0)) throw ValidationError.field('file', CSV_MESSAGES.invalid);
    try {
      return stream ? this.decoder.decode(chunk, { stream: true }) : this.decoder.decode(chunk);
    } catch {
      throw ValidationError.field('file', CSV_MESSAGES.invalid);
    }
  }

  /** Parses the complete rows of the text so far; the last, maybe cut, line waits for more. */
  private async takeText(text: string, final: boolean): Promise<void> {
    if (!this.parser) {
      this.sample += text;
      if (!final && this.sample.length < GUESS_CHARS) return;
      text = this.sample.replace(/^\uFEFF/, '');
      this.sample = '';
      this.parser = new ParserHandleClass({ skipEmptyLines: true });
    }
    const input = this.partial + text;
    const parsed = this.parser.parse(input, 0, !final);
    this.partial = final ? '' : input.slice(parsed.meta.cursor);
    const malformedAt = new Set(parsed.errors.filter((e) => e.type === 'Quotes' && e.row !== undefined).map((e) => e.row!));
    for (const [index, cells] of parsed.data.entries()) {
      if (isBlankRecord(cells)) continue;
      if (!this.columns) {
        this.columns = this.header(cells);
        continue;
      }
      const row = {} as Record<Column, string>;
      for (const column of this.template.columns) {
        const at = this.columns.get(column);
        row[column] = at === undefined ? '' : (cells[at] ?? '');
      }
      await this.onRow(row, malformedAt.has(index));
    }
  }

  private header(cells: string[]): Map<Column, number> {
    const { columns: known, required, aliases = {} } = this.template;
    const columns = new Map<Column, number>();
    const aliased = new Map<Column, number>();
    cells.forEach((cell, index) => {
      const name = cell.replace(/^\uFEFF/, '').trim().toLowerCase();
      if ((known as readonly string[]).includes(name)) {
        if (!columns.has(name as Column)) columns.set(name as Column, index);
      } else {
        const alias = Object.prototype.hasOwnProperty.call(aliases, name) ? aliases[name] : undefined;
        if (alias !== undefined && !aliased.has(alias)) aliased.set(alias, index);
      }
    });
    for (const [column, index] of aliased) if (!columns.has(column)) columns.set(column, index);
    const missing = required.filter((c) => !columns.has(c));
    if (missing.length > 0) throw new ApiError(400, { detail: `Missing columns: ${missing.join(', ')}.` });
    return columns;
  }
}
