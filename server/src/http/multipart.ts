/**
 * Request bodies that may carry files. `readForm` reads a multipart body into `{fields, files}`
 * (each file buffered up to its kind's limit, the rest drained, so an oversized upload is a field
 * error and never fills memory), or takes a JSON body as fields with no files, so PATCH/PUT calls
 * work either way. Fields are strings (multipart) or JSON values; services validate them (no field
 * may hold a control character but tab, newline and CRLF, read or not).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { ValidationError } from '../errors.js';
import { refuseControlCharactersInBody } from './control-characters.js';

/** Limits of any multipart body: the largest upload any kind allows, few files, small fields. */
export async function registerMultipart(app: FastifyInstance, maxFileBytes: number): Promise<void> {
  await app.register(multipart, {
    limits: {
      // One byte over the largest kind, so the per-kind check sees "too large" rather than a cut file.
      fileSize: maxFileBytes + 1,
      // Up to 10 book covers and an e-book in one request.
      files: 12,
      fields: 60,
      fieldSize: 64 * 1024,
      parts: 70,
      headerPairs: 200,
    },
    throwFileSizeLimit: false,
  });
}

export interface UploadedFile {
  field: string;
  filename: string;
  buffer: Buffer;
  /** The body carried more bytes than the limit allowed (buffer holds only the start). */
  truncated: boolean;
}

export interface FormBody {
  fields: Record<string, unknown>;
  /** The last file sent under each field name. */
  files: Record<string, UploadedFile>;
  /** Every file sent under each field name, in order (a repeated field such as cover_photo). */
  fileLists?: Record<string, UploadedFile[]>;
}

export interface FormOptions {
  /** Per file field, the most bytes kept; files under other names are drained and ignored. */
  fileLimits: Record<string, number>;
}

/** Reads a multipart or JSON body. */
export async function readForm(request: FastifyRequest, options: FormOptions): Promise<FormBody> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body === undefined || body === null || body === '') return { fields: {}, files: {}, fileLists: {} };
    if (typeof body !== 'object' || Array.isArray(body)) {
      throw new ValidationError({ non_field_errors: ['Invalid data. Expected a dictionary.'] });
    }
    return { fields: body as Record<string, unknown>, files: {}, fileLists: {} };
  }
  const fields: Record<string, unknown> = {};
  const files: Record<string, UploadedFile> = {};
  const fileLists: Record<string, UploadedFile[]> = {};
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
      continue;
    }
    const limit = options.fileLimits[part.fieldname];
    if (limit === undefined) {
      part.file.resume();
      await new Promise<void>((resolve) => (part.file.readableEnded ? resolve() : part.file.once('end', () => resolve())));
      continue;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let truncated = false;
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) {
        truncated = true;
        continue; // keep draining so the rest of the body is read
      }
      chunks.push(chunk);
    }
    if (part.file.truncated) truncated = true;
    // An empty file input (no file chosen) is no upload.
    if (size === 0 && !part.filename) continue;
    const file = { field: part.fieldname, filename: part.filename, buffer: Buffer.concat(chunks), truncated };
    files[part.fieldname] = file;
    (fileLists[part.fieldname] ??= []).push(file);
  }
  // Read to the end first, so the refusal never leaves half a body unread.
  refuseControlCharactersInBody(fields);
  return { fields, files, fileLists };
}

/**
 * Room for a multipart body's own bytes around one file (boundaries, part headers, a few small
 * fields): a declared Content-Length above the file limit plus this is refused unread.
 */
export const FORM_OVERHEAD_BYTES = 64 * 1024;

/** Reads a file part to its end without keeping it, so the next part can be read. */
export async function drainPart(file: NodeJS.ReadableStream & { readableEnded?: boolean }): Promise<void> {
  if (file.readableEnded) return;
  await new Promise<void>((resolve, reject) => {
    file.once('end', () => resolve());
    file.once('error', reject);
    file.resume();
  });
}
