/**
 * The "Copies" section of a book profile (staff): the title's copies with their actions. Its
 * table, calls and dialogs load after the profile has drawn, so the profile page stays within its
 * JS budget; "Loading..." shows meanwhile.
 */
import { useEffect } from 'react';
import { LoadingState } from '../ui/Spinner';
import { lazyPart, useLazyPart } from '../ui/lazy-part';

const view = lazyPart(() => import('./BookCopiesView'));

export interface BookCopiesProps {
  bookId: string;
  /** The book's own shelf, the Add copies form's first shelf. */
  shelf: string | null | undefined;
  /** Called after each change: the profile reloads the title's counts. */
  onChanged: () => void;
}

/** The copies of one title; see the module comment. */
export function BookCopies(props: BookCopiesProps) {
  const loaded = useLazyPart(view);
  useEffect(() => void view.load().catch(() => undefined), []);
  return loaded ? <loaded.BookCopiesView {...props} /> : <LoadingState text="Loading copies..." />;
}
