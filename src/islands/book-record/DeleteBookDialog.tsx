/**
 * Deleting a book: the red danger confirm dialog with the acting user's password. The server's
 * reason stays in the dialog (wrong password, loans on record); success toasts the server's
 * detail and tells every list that the catalogue changed.
 */
import { useState } from 'react';
import { flex } from 'styled-system/patterns';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Alert } from '../../components/ui/Alert';
import { PasswordField } from '../../components/ui/PasswordField';
import { toast } from '../../components/ui/Toaster';
import { deleteBook } from '../../lib/api/books';
import { callErrorMessage } from '../../lib/errors';
import { FORM_MESSAGES } from '../../lib/forms';
import type { Book } from '../../lib/schemas/books';
import { catalogueChanged } from '../../stores/catalogue';

/** Error messages: book delete reads `name`, then `detail`; other book errors the first field's, else 'Known Error Occurs'. */
export const deleteBookErrorMessage = (error: unknown): string =>
  callErrorMessage('book-delete', error);

const PASSWORD_NEEDED = FORM_MESSAGES.bookDeletePasswordRequired;

export function DeleteBookDialog({ book, onClose }: { book: Book; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function remove() {
    if (!password) {
      setError(PASSWORD_NEEDED);
      throw new Error(PASSWORD_NEEDED);
    }
    setError(null);
    try {
      const detail = await deleteBook(book.id, password);
      toast.success(detail);
      catalogueChanged();
    } catch (failure) {
      setError(deleteBookErrorMessage(failure));
      throw failure;
    }
  }

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Delete book"
      description={
        <>
          Delete <strong>{book.title}</strong> by {book.author}? Its covers, e-book and wish-list entries go with it. This cannot be undone.
        </>
      }
      confirmLabel="Delete book"
      busyLabel="Deleting..."
      onConfirm={remove}
      submitOnEnter
    >
      <div className={flex({ direction: 'column', gap: '4', mt: '5' })}>
        {error && <Alert tone="error">{error}</Alert>}
        <PasswordField
          label="Your password"
          helperText="Confirm it is you before the book is deleted."
          value={password}
          autoFocus
          onChange={(event) => {
            setPassword(event.target.value);
            if (error === PASSWORD_NEEDED) setError(null);
          }}
        />
      </div>
    </ConfirmDialog>
  );
}
