/**
 * The Add/Update Book modal, opened through `$bookDialog` (the top bar's Add Book, a
 * row's Edit). 'Loading...' while departments, categories, languages (and on update the book)
 * load; the book's fields with the book form's required-field checks before sending; covers and the e-book;
 * status with a reason on update only. Server field errors show under their fields and the first
 * one (or 'Known Error Occurs') in the alert and a toast (the error catalogue's book rule). Nothing typed is lost on a
 * failed submit, and the dialog cannot be dismissed while busy.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { css, cx } from 'styled-system/css';
import { input } from 'styled-system/recipes';
import { useReferenceList } from '../../components/use-reference-list';
import { Modal, dialogActions } from '../../components/Modal';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { ComboboxField, type ComboboxOption } from '../../components/ui/ComboboxField';
import { FieldShell } from '../../components/ui/FieldShell';
import { SelectField } from '../../components/ui/SelectField';
import { LoadingState } from '../../components/ui/Spinner';
import { TextField } from '../../components/ui/TextField';
import { toast } from '../../components/ui/Toaster';
import { useForm } from '../../components/use-form';
import { createBook, fetchBook, updateBook } from '../../lib/api/books';
import {
  BOOK_FORM_FIELDS,
  BOOK_STATUS_OPTIONS,
  bookFormData,
  bookToValues,
  emptyBookValues,
  noBookFiles,
  statusNeedsReason,
  validateBookForm,
  type BookFormField,
  type BookFormFiles,
  type BookFormValues,
} from '../../lib/book-form';
import { callErrorMessage } from '../../lib/errors';
import type { FileChange } from '../../lib/forms';
import type { Book } from '../../lib/schemas/books';
import { $bookDialog, catalogueChanged, closeBookDialog } from '../../stores/catalogue';
import { $categories, $departments, $languages } from '../../stores/reference';
import { CoverPhotosField } from './CoverPhotosField';
import { EbookField } from './EbookField';
import { BOOK_TEXT_LIMITS } from '#shared/book-limits';

interface Loaded {
  departments: ComboboxOption[];
  categories: ComboboxOption[];
  languages: ComboboxOption[];
  book: Book | null;
}

type TextFieldName = Exclude<keyof BookFormValues, 'status' | 'department' | 'category' | 'language'>;


const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '4', mt: '5' });
const wide = css({ gridColumn: { md: '1 / -1' } });
/** Focus scrolls a field into view above the sticky buttons; native date pickers follow the theme. */
const form = css({
  '& :is(input, select, textarea, button)': { scrollMarginBottom: '44', scrollMarginTop: '4' },
  '& input[type=date]': { colorScheme: 'dark' },
  _light: { '& input[type=date]': { colorScheme: 'light' } },
});
const buttons = css({ display: 'flex', justifyContent: 'flex-end', gap: '3', '& > button': { flex: { base: '1', sm: 'initial' } } });
const textarea = css({ minH: '28', py: '2', resize: 'vertical', lineHeight: '1.5' });
const actions = css({
  position: 'sticky',
  bottom: { base: '-5', sm: '-6' },
  zIndex: 1,
  mx: { base: '-5', sm: '-6' },
  mb: { base: '-5', sm: '-6' },
  px: { base: '5', sm: '6' },
  py: '4',
  mt: '6',
  bg: 'bg.surface',
  borderTopWidth: '1px',
  borderColor: 'border.default',
});

const toOptions = (rows: readonly { id: string | number; name: string }[]): ComboboxOption[] =>
  rows.map((row) => ({ value: String(row.id), label: row.name }));

type Lists = Omit<Loaded, 'book'>;

/** The form's three lists from the shared reference store; a failure says which list could not be loaded. */
function useBookFormLists(): { lists: Lists | null; error: string | null } {
  const departments = useReferenceList($departments);
  const categories = useReferenceList($categories);
  const languages = useReferenceList($languages);
  return useMemo(() => {
    for (const [list, call] of [[departments, 'fetch-department'], [categories, 'fetch-category'], [languages, 'fetch-language']] as const) {
      if (list.status === 'failed') return { lists: null, error: callErrorMessage(call, list.error) };
    }
    if (departments.status !== 'ready' || categories.status !== 'ready' || languages.status !== 'ready') return { lists: null, error: null };
    return { lists: { departments: toOptions(departments.items), categories: toOptions(categories.items), languages: toOptions(languages.items) }, error: null };
  }, [departments, categories, languages]);
}

/** Adds the book's own reference when the list no longer has it (e.g. renamed meanwhile). */
function withCurrent(options: ComboboxOption[], current: { id: string | number; name: string } | null | undefined): ComboboxOption[] {
  if (!current || options.some((option) => option.value === String(current.id))) return options;
  return [...options, { value: String(current.id), label: current.name }];
}

export default function BookFormModal() {
  const dialog = useStore($bookDialog);
  const mode = dialog?.mode ?? 'add';
  const bookId = dialog?.mode === 'edit' ? dialog.bookId : null;
  const { lists, error: listError } = useBookFormLists();
  // On update, the book; `{ book: null }` on add. Null while it loads.
  const [opened, setOpened] = useState<{ book: Book | null } | null>(null);
  const [bookError, setBookError] = useState<string | null>(null);
  const bookForm = useForm<BookFormValues, keyof BookFormValues, BookFormField>({ initial: emptyBookValues() });
  const { formRef, errors, summary, saving: busy, setValue, setFieldError } = bookForm;
  const values = bookForm.values ?? emptyBookValues();
  const [files, setFiles] = useState<BookFormFiles>(noBookFiles);

  useEffect(() => {
    let current = true;
    setOpened(null);
    setBookError(null);
    (bookId === null ? Promise.resolve(null) : fetchBook(bookId))
      .then((book) => {
        if (!current) return;
        setOpened({ book });
        bookForm.reset(book ? bookToValues(book) : emptyBookValues());
        setFiles(noBookFiles());
      })
      .catch((error: unknown) => {
        if (current) setBookError(callErrorMessage('fetch-book', error));
      });
    return () => {
      current = false;
    };
  }, [bookId]);

  const loaded = useMemo<Loaded | null>(() => {
    if (!lists || !opened) return null;
    const { book } = opened;
    return {
      departments: withCurrent(lists.departments, book?.department),
      categories: withCurrent(lists.categories, book?.category),
      languages: withCurrent(lists.languages, book?.language),
      book,
    };
  }, [lists, opened]);
  const loadError = listError ?? bookError;

  const close = () => {
    if (!busy) closeBookDialog();
  };

  const bind = (field: TextFieldName) => bookForm.bind(field);

  const bindChoice = (field: 'department' | 'category' | 'language') => ({
    name: field,
    value: values[field],
    error: errors[field],
    onValueChange: (value: string) => setValue(field, value),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!loaded) {
      event.preventDefault();
      return;
    }
    return bookForm.submit(event, {
      validate: (current) => validateBookForm(current, mode, loaded.book?.status),
      send: async (current) => {
        try {
          const body = bookFormData(current, files, mode);
          if (bookId === null) await createBook(body);
          else await updateBook(bookId, body);
        } catch (failure) {
          // Book form failures are logged (the error catalogue says so); the message also shows as a toast.
          console.error('Book form failed', failure);
          toast.error(callErrorMessage('book-save', failure));
          throw failure;
        }
        toast.success(bookId === null ? 'Book added successfully' : 'Book updated successfully');
        catalogueChanged();
        closeBookDialog();
      },
      fields: BOOK_FORM_FIELDS,
      summary: (failure) => callErrorMessage('book-save', failure),
    });
  };

  const title = mode === 'edit' ? 'Update Book' : 'Add New Book';
  let body;
  if (loadError) {
    body = (
      <div className={css({ mt: '5' })}>
        <Alert tone="error" title="The form could not be opened">
          {loadError}
        </Alert>
        <div className={dialogActions}>
          <Button variant="outline" onClick={close}>
            Close
          </Button>
        </div>
      </div>
    );
  } else if (!loaded) {
    body = <LoadingState text="Loading..." />;
  } else {
    body = (
      <form ref={formRef} onSubmit={submit} noValidate aria-busy={busy || undefined} className={form}>
        <fieldset disabled={busy} className={css({ border: 'none', p: '0', m: '0', minW: '0' })}>
          <div className={grid}>
            <TextField label="Title" required maxLength={BOOK_TEXT_LIMITS.title} autoComplete="off" {...bind('title')} />
            <TextField label="Author" required maxLength={BOOK_TEXT_LIMITS.author} autoComplete="off" {...bind('author')} />
            <TextField label="ISBN" required autoComplete="off" helperText="ISBN-10 or ISBN-13, hyphens allowed." {...bind('isbn')} />
            <ComboboxField label="Department" required placeholder="Type to search" options={loaded.departments} {...bindChoice('department')} />
            <TextField label="Publisher" required maxLength={BOOK_TEXT_LIMITS.publisher} {...bind('publisher')} />
            <TextField label="Total copies" required inputMode="numeric" {...bind('total_copies')} />
            <ComboboxField label="Category" required placeholder="Type to search" options={loaded.categories} {...bindChoice('category')} />
            <TextField label="Rack no." required maxLength={BOOK_TEXT_LIMITS.rack_no} {...bind('rack_no')} />
            <ComboboxField label="Language" required placeholder="Type to search" options={loaded.languages} {...bindChoice('language')} />
            <TextField label="Edition (optional)" maxLength={BOOK_TEXT_LIMITS.edition} {...bind('edition')} />
            <TextField label="Shelf location (optional)" maxLength={BOOK_TEXT_LIMITS.shelf_location} {...bind('shelf_location')} />
            <TextField label="Price in Rs. (optional)" inputMode="decimal" placeholder="0.00" {...bind('price')} />
            <TextField
              label="Date of entry (optional)"
              type="date"
              helperText={mode === 'add' ? 'Today when left empty.' : undefined}
              {...bind('date_of_entry')}
            />
            {mode === 'edit' && (
              <SelectField
                label="Status"
                required
                name="status"
                placeholder="Choose a status"
                options={BOOK_STATUS_OPTIONS}
                value={values.status}
                error={errors.status}
                onChange={(event) => setValue('status', event.target.value as BookFormValues['status'])}
              />
            )}
            {mode === 'edit' && statusNeedsReason(values.status) && (
              <TextField
                label="Reason"
                required
                maxLength={BOOK_TEXT_LIMITS.status_reason}
                className={wide}
                helperText={`Why the book is ${values.status === 'LOST' ? 'lost' : 'written off'}; kept in its record.`}
                {...bind('reason')}
              />
            )}
            <FieldShell label="Detailed description (optional)" error={errors.detailed_description} className={wide}>
              {(field) => (
                <textarea
                  className={cx(input(), textarea)}
                  {...field}
                  rows={4}
                  {...bind('detailed_description')}
                />
              )}
            </FieldShell>
            <div className={wide}>
              <CoverPhotosField
                existing={loaded.book?.cover_photos ?? (loaded.book?.cover_photo ? [loaded.book.cover_photo] : [])}
                covers={files.covers}
                onCoversChange={(covers) => {
                  setFiles((current) => ({ ...current, covers }));
                  setFieldError('cover_photo', undefined);
                }}
                clearExisting={files.clearCovers}
                onClearExistingChange={(clearCovers) => setFiles((current) => ({ ...current, clearCovers }))}
                error={errors.cover_photo}
                disabled={busy}
              />
            </div>
            <div className={wide}>
              <EbookField
                currentUrl={loaded.book?.ebook_file}
                value={files.ebook}
                onChange={(ebook: FileChange) => {
                  setFiles((current) => ({ ...current, ebook }));
                  setFieldError('ebook_file', undefined);
                }}
                error={errors.ebook_file}
                disabled={busy}
              />
            </div>
          </div>
        </fieldset>
        <div className={actions}>
          {summary && (
            <Alert tone="error" className={css({ mb: '4' })}>
              {summary}
            </Alert>
          )}
          <div className={buttons}>
            <Button variant="outline" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} loadingText={mode === 'edit' ? 'Updating...' : 'Submitting...'} className={css({ minW: '9rem' })}>
              {mode === 'edit' ? 'Update' : 'Submit'}
            </Button>
          </div>
        </div>
      </form>
    );
  }

  return (
    <Modal open onOpenChange={(open) => !open && close()} title={title} busy={busy} size="wide">
      {body}
    </Modal>
  );
}
