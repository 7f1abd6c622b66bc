/**
 * A file field beside the one form hook (a photo, a logo): the chosen file (or "keep" / "remove"),
 * its error from the form, and a change that clears that error. `clear()` after a save.
 */
import { useState } from 'react';
import { KEEP_FILE, type FileChange } from '../lib/forms';

/** The part of `useForm`'s answer a file field needs. */
interface FormErrors<E extends string> {
  errors: Partial<Record<E, string>>;
  setFieldError: (field: E, message: string | undefined) => void;
}

export function useFileField<E extends string>(form: FormErrors<E>, field: E, disabled: boolean) {
  const [value, setValue] = useState<FileChange>(KEEP_FILE);
  return {
    value,
    clear: () => setValue(KEEP_FILE),
    /** Props of the upload field. */
    props: {
      value,
      error: form.errors[field],
      disabled,
      onChange: (change: FileChange) => {
        setValue(change);
        form.setFieldError(field, undefined);
      },
    },
  };
}
