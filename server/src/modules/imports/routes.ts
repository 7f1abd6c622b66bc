/**
 * HTTP of the streamed CSV imports (books, members): the multipart upload handed to an import job
 * part by part, so the file is imported as it arrives and never held whole in memory.
 */
import type { FastifyRequest } from 'fastify';
import { ValidationError } from '../../errors.js';
import { drainPart, FORM_OVERHEAD_BYTES } from '../../http/multipart.js';
import { tooLargeMessage } from '#shared/upload-rules';
import type { CsvImport } from './csv-import.js';

/** What the upload feeds: options (fields that come before the file) and the first `file` part. */
export type UploadTarget = Pick<CsvImport<string, { row: number }>, 'field' | 'hasFile' | 'readFile'>;

/**
 * Streams a multipart upload into `job`: fields become options, the first `file` part is read as
 * it arrives, any other part is drained. A declared body far over `maxBytes` is refused before any
 * of it is read.
 */
export async function streamCsvUpload(request: FastifyRequest, job: UploadTarget, maxBytes: number): Promise<void> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + FORM_OVERHEAD_BYTES) throw ValidationError.field('file', tooLargeMessage(maxBytes));
  for await (const part of request.parts()) {
    if (part.type === 'field') job.field(part.fieldname, part.value);
    else if (part.fieldname === 'file' && !job.hasFile) await job.readFile(part.filename, part.file);
    else await drainPart(part.file);
  }
}
