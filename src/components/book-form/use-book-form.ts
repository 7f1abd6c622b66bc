/**
 * The Add/Update Book dialog's flow: the three reference lists and (on update) the book load,
 * the form (the one form hook) with the files chosen beside it, and the save: the book form's
 * checks, the body (`bookFormData`), create or update (`bookSave`), the toast and the catalogue's
 * reload. Failures are logged and shown as a toast as well (the error catalogue's book rule).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { createBook, fetchBook, updateBook } from '../../lib/api/books';
import { BOOK_FORM_FIELDS, bookFormData, bookToValues, emptyBookValues, noBookFiles, validateBookForm, type BookFormField, type BookFormFiles, type BookFormValues } from '../../lib/book-form';
import { bookChoices, bookLists, bookSave, bookSavedNotice } from '../../lib/book-form-flow';
import { callErrorMessage } from '../../lib/errors';
import type { Book } from '../../lib/schemas/books';
import { $bookDialog, catalogueChanged, closeBookDialog } from '../../stores/catalogue';
import { $categories, $departments, $languages } from '../../stores/reference';
import { toast } from '../ui/Toaster';
import { useForm } from '../use-form';
import { useReferenceList } from '../use-reference-list';

/** The form's lists once loaded, with the book being edited (null on add), handed to `onOpened` as it arrives. */
function useLoaded(bookId: string | number | null, onOpened: (book: Book | null) => void) {
  const departments = useReferenceList($departments);
  const categories = useReferenceList($categories);
  const languages = useReferenceList($languages);
  const listed = useMemo(() => bookLists({ departments, categories, languages }), [departments, categories, languages]);
  // On update, the book; `{ book: null }` on add. Null while it loads.
  const [opened, setOpened] = useState<{ book: Book | null } | null>(null);
  const [bookError, setBookError] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    setOpened(null);
    setBookError(null);
    (bookId === null ? Promise.resolve(null) : fetchBook(bookId))
      .then((book) => {
        if (!current) return;
        onOpened(book);
        setOpened({ book });
      })
      .catch((error: unknown) => current && setBookError(callErrorMessage('fetch-book', error)));
    return () => {
      current = false;
    };
  }, [bookId]);
  const loaded = useMemo(() => (listed && 'ready' in listed && opened ? { ...bookChoices(listed.ready, opened.book), book: opened.book } : null), [listed, opened]);
  const listError = listed && 'failed' in listed ? callErrorMessage(listed.failed.call, listed.failed.error) : null;
  return { loaded, loadError: listError ?? bookError };
}

/** The dialog's state and steps; see the module comment. */
export function useBookForm() {
  const dialog = useStore($bookDialog);
  const mode = dialog?.mode ?? 'add';
  const bookId = dialog?.mode === 'edit' ? dialog.bookId : null;
  const form = useForm<BookFormValues, keyof BookFormValues, BookFormField>({ initial: emptyBookValues() });
  const [files, setFiles] = useState<BookFormFiles>(noBookFiles);
  // The loaded book fills the form; nothing chosen yet.
  const { loaded, loadError } = useLoaded(bookId, (book) => {
    form.reset(book ? bookToValues(book) : emptyBookValues());
    setFiles(noBookFiles());
  });

  /** Sets one of the chosen files; a new choice clears that field's error. */
  function chooseFiles(change: Partial<BookFormFiles>) {
    setFiles((current) => ({ ...current, ...change }));
    if (change.covers) form.setFieldError('cover_photo', undefined);
    if (change.ebook) form.setFieldError('ebook_file', undefined);
  }

  const close = () => {
    if (!form.saving) closeBookDialog();
  };

  async function save(event: FormEvent<HTMLFormElement>) {
    if (!loaded) return event.preventDefault();
    await form.submit(event, {
      validate: (current) => validateBookForm(current, mode, loaded.book?.status),
      send: async (current) => {
        const save = bookSave(bookId, bookFormData(current, files, mode));
        try {
          if (save.call === 'create') await createBook(save.body);
          else await updateBook(save.id, save.body);
        } catch (failure) {
          // Book form failures are logged (the error catalogue says so); the message also shows as a toast.
          console.error('Book form failed', failure);
          toast.error(callErrorMessage('book-save', failure));
          throw failure;
        }
        toast.success(bookSavedNotice(bookId));
        catalogueChanged();
        closeBookDialog();
      },
      fields: BOOK_FORM_FIELDS,
      summary: (failure) => callErrorMessage('book-save', failure),
    });
  }

  return { ...form, values: form.values ?? emptyBookValues(), mode, loaded, loadError, files, chooseFiles, close, save };
}

/** The book dialog's flow. */
export type BookFormFlow = ReturnType<typeof useBookForm>;
