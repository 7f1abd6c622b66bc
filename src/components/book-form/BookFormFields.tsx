/**
 * The Add/Update Book form's fields: the book's text fields, its department, category and
 * language, status with a reason on update only, the description, covers and the e-book.
 */
import { css, cx } from 'styled-system/css';
import { input } from 'styled-system/recipes';
import { BOOK_TEXT_LIMITS } from '#shared/book-limits';
import { BOOK_STATUS_OPTIONS, statusNeedsReason, type BookFormValues } from '../../lib/book-form';
import { ComboboxField } from '../ui/ComboboxField';
import { FieldShell } from '../ui/FieldShell';
import { SelectField } from '../ui/SelectField';
import { TextField } from '../ui/TextField';
import DateField from '../DateField';
import { dateBinding } from '../use-date-field';
import { CoverPhotosField } from './CoverPhotosField';
import { EbookField } from './EbookField';
import type { BookFormFlow } from './use-book-form';

const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '4', mt: '5' });
const wide = css({ gridColumn: { md: '1 / -1' } });
const textarea = css({ minH: '28', py: '2', resize: 'vertical', lineHeight: '1.5' });

type TextFieldName = Exclude<keyof BookFormValues, 'status' | 'department' | 'category' | 'language'>;
type Loaded = NonNullable<BookFormFlow['loaded']>;

export function BookFormFields({ flow, loaded }: { flow: BookFormFlow; loaded: Loaded }) {
  const { values, errors, mode, files, saving: busy, setValue, chooseFiles } = flow;
  const bind = (field: TextFieldName) => flow.bind(field);
  const bindChoice = (field: 'department' | 'category' | 'language') => ({
    name: field,
    value: values[field],
    error: errors[field],
    onValueChange: (value: string) => setValue(field, value),
  });
  const { book } = loaded;
  return (
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
      <DateField label="Date of entry (optional)" hint={mode === 'add' ? 'Today when left empty.' : undefined} {...dateBinding(bind('date_of_entry'))} />
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
        {(field) => <textarea className={cx(input(), textarea)} {...field} rows={4} {...bind('detailed_description')} />}
      </FieldShell>
      <div className={wide}>
        <CoverPhotosField
          existing={book?.cover_photos ?? (book?.cover_photo ? [book.cover_photo] : [])}
          covers={files.covers}
          onCoversChange={(covers) => chooseFiles({ covers })}
          clearExisting={files.clearCovers}
          onClearExistingChange={(clearCovers) => chooseFiles({ clearCovers })}
          error={errors.cover_photo}
          disabled={busy}
        />
      </div>
      <div className={wide}>
        <EbookField currentUrl={book?.ebook_file} value={files.ebook} onChange={(ebook) => chooseFiles({ ebook })} error={errors.ebook_file} disabled={busy} />
      </div>
    </div>
  );
}
