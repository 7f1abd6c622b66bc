/** Request bodies of the reference-data writes (multipart or JSON, read with the field structs). */
import { REFERENCE_NAME_MAX } from '#shared/field-limits';
import { readFields } from '../../http/validation.js';
import { formFlag, formText, required } from '../../http/fields.js';
import type { FormBody } from '../../http/multipart.js';
import type { FileType } from '#shared/upload-rules';
import type { MediaStore } from '../../storage/service.js';

export const NAME_MAX = REFERENCE_NAME_MAX.category;

/** A department, category or language as sent: the name and, for categories, the checked image. */
export interface NamedInput {
  name?: string | undefined;
  image?: { buffer: Buffer; type: FileType } | undefined;
  /** `image_clear` without a new image (categories). */
  clearImage: boolean;
}

/**
 * Reads the name (`name`, or the kind's own field; required on create) and, for categories, the image upload checked by type and
 * size; throws every field error at once.
 */
interface NamedFormOptions {
  withImage: boolean;
  media: Pick<MediaStore, 'check'>;
  /** The name's field (sessions send `session_range`) and its longest value. */
  field?: string;
  max?: number;
}

export function parseNamedForm(form: FormBody, options: NamedFormOptions & { creating: true }): NamedInput & { name: string };
export function parseNamedForm(form: FormBody, options: NamedFormOptions & { creating: boolean }): NamedInput;
export function parseNamedForm(form: FormBody, { withImage, creating, media, field = 'name', max = NAME_MAX }: NamedFormOptions & { creating: boolean }): NamedInput {
  const named = readFields({ [field]: creating ? required(formText({ max })) : formText({ max }) }, form.fields);
  const name = named.values[field];
  const { values, errors } = readFields({ image_clear: formFlag() }, form.fields, named.errors);
  let image: NamedInput['image'];
  const file = withImage ? form.files['image'] : undefined;
  if (file) {
    const checked = media.check('category', file.buffer, file.truncated);
    if ('error' in checked) errors.add('image', checked.error);
    else image = { buffer: file.buffer, type: checked.type };
  }
  const clearImage = withImage && !image && (values.image_clear ?? false);
  errors.throwIfAny();
  return { name, image, clearImage };
}
