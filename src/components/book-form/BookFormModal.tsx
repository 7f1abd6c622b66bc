/**
 * The Add/Update Book modal, opened through `$bookDialog` (the top bar's Add Book, a
 * row's Edit). 'Loading...' while departments, categories, languages (and on update the book)
 * load; the book's fields with the book form's required-field checks before sending; covers and the e-book;
 * status with a reason on update only. Server field errors show under their fields and the first
 * one (or 'Known Error Occurs') in the alert and a toast (the error catalogue's book rule). Nothing typed is lost on a
 * failed submit, and the dialog cannot be dismissed while busy. The flow is `useBookForm`.
 */
import { css } from 'styled-system/css';
import { Modal, dialogActions } from '../../components/Modal';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { LoadingState } from '../../components/ui/Spinner';
import { BookFormFields } from './BookFormFields';
import { useBookForm, type BookFormFlow } from './use-book-form';

/** Focus scrolls a field into view above the sticky buttons; native date pickers follow the theme. */
const form = css({
  '& :is(input, select, textarea, button)': { scrollMarginBottom: '44', scrollMarginTop: '4' },
  '& input[type=date]': { colorScheme: 'dark' },
  _light: { '& input[type=date]': { colorScheme: 'light' } },
});
const fieldset = css({ border: 'none', p: '0', m: '0', minW: '0' });
const buttons = css({ display: 'flex', justifyContent: 'flex-end', gap: '3', '& > button': { flex: { base: '1', sm: 'initial' } } });
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

/** The sticky bar under the fields: the call's summary, Cancel and Submit (Update). */
function BookFormActions({ flow }: { flow: BookFormFlow }) {
  const { summary, saving: busy, mode } = flow;
  return (
    <div className={actions}>
      {summary && (
        <Alert tone="error" className={css({ mb: '4' })}>
          {summary}
        </Alert>
      )}
      <div className={buttons}>
        <Button variant="outline" onClick={flow.close} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" loading={busy} loadingText={mode === 'edit' ? 'Updating...' : 'Submitting...'} className={css({ minW: '9rem' })}>
          {mode === 'edit' ? 'Update' : 'Submit'}
        </Button>
      </div>
    </div>
  );
}

/** Why the form could not be opened, with a way out. */
function BookFormLoadProblem({ message, onClose }: { message: string; onClose: () => void }) {
  return (
    <div className={css({ mt: '5' })}>
      <Alert tone="error" title="The form could not be opened">
        {message}
      </Alert>
      <div className={dialogActions}>
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      </div>
    </div>
  );
}

export default function BookFormModal() {
  const flow = useBookForm();
  const { loaded, loadError, saving: busy } = flow;
  return (
    <Modal open onOpenChange={(open) => !open && flow.close()} title={flow.mode === 'edit' ? 'Update Book' : 'Add New Book'} busy={busy} size="wide">
      {loadError ? (
        <BookFormLoadProblem message={loadError} onClose={flow.close} />
      ) : !loaded ? (
        <LoadingState text="Loading..." />
      ) : (
        <form ref={flow.formRef} onSubmit={(event) => void flow.save(event)} noValidate aria-busy={busy || undefined} className={form}>
          <fieldset disabled={busy} className={fieldset}>
            <BookFormFields flow={flow} loaded={loaded} />
          </fieldset>
          <BookFormActions flow={flow} />
        </form>
      )}
    </Modal>
  );
}
