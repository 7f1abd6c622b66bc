/**
 * What the catalogue islands share on a page: the open book dialog (the top bar's Add Book and the
 * record table's Edit open the same modal, hosted once by the staff top bar) and a version number
 * bumped after every add, update, delete or import so lists reload.
 */
import { atom } from 'nanostores';
import { registerStoreReset } from './registry';

export type BookDialog = { mode: 'add' } | { mode: 'edit'; bookId: string | number } | null;

/** The book form modal's state; null when closed. */
export const $bookDialog = atom<BookDialog>(null);

/** Bumped whenever the catalogue changed; lists reload when it changes. */
export const $catalogueVersion = atom(0);

export function openAddBook(): void {
  $bookDialog.set({ mode: 'add' });
}

export function openEditBook(bookId: string | number): void {
  $bookDialog.set({ mode: 'edit', bookId });
}

export function closeBookDialog(): void {
  $bookDialog.set(null);
}

/** Tells every list on the page that the catalogue changed. */
export function catalogueChanged(): void {
  $catalogueVersion.set($catalogueVersion.get() + 1);
}

registerStoreReset(() => $bookDialog.set(null));
