/** Request bodies of the reference-data writes (multipart or JSON, read with the form readers). */
import { MESSAGES } from '../../errors.js';
import { FormReader } from '../../http/form.js';
import type { FormBody } from '../../http/multipart.js';
import type { FileType, MediaStore } from '../../storage/service.js';

export const NAME_MAX = 100;

/** A department, category or language as sent: the name and, for categories, the checked image. */
export interface NamedInput {
  name?: string | undefined;
  image?: { buffer: Buffer; type: FileType } | undefined;
  /** `image_clear` without a new image (categories). */
  clearImage: boolean;
}

/**
 * Reads `name` (required on create) and, for categories, the image upload checked by type and
 * size; throws every field error at once.
 */
export function parseNamedForm(form: FormBody, options: { withImage: boolean; creating: true; media: Pick<MediaStore, 'check'> }): NamedInput & { name: string };
export function parseNamedForm(form: FormBody, options: { withImage: boolean; creating: boolean; media: Pick<MediaStore, 'check'> }): NamedInput;
export function parseNamedForm(form: FormBody, { withImage, creating, media }: { withImage: boolean; creating: boolean; media: Pick<MediaStore, 'check'> }): NamedInput {
  const f = new FormReader(form.fields);
  const name = f.text('name', { max: NAME_MAX });
  if (creating && name === undefined && !f.errors.has('name')) f.errors.add('name', MESSAGES.required);
  let image: NamedInput['image'];
  const file = withImage ? form.files['image'] : undefined;
  if (file) {
    const checked = media.check('category', file.buffer, file.truncated);
    if ('error' in checked) f.errors.add('image', checked.error);
    else image = { buffer: file.buffer, type: checked.type };
  }
  const clearImage = withImage && !image && f.flag('image_clear');
  f.errors.throwIfAny();
  return { name, image, clearImage };
}
