/**
 * Reference data shared by every island on a page: one store per list, loaded when the first
 * island subscribes (nanostores' `onMount`) and kept for the page, so the catalogue filters, the
 * book form, the CSV preview and the settings panels ask the server once between them.
 *
 * Lists as `src/lib/api/reference.ts` names them: the public member lists (`/member-departments/`,
 * `/member-sessions/`, for registration, the member profile and members' catalogue filter) and the
 * staff lists (`/admin-departments/`, `/categories/`, `/language/`, `/admin-sessions/`). After a department,
 * category, language or session is added, renamed or deleted, `referenceChanged` reloads the lists
 * of that kind that are on screen and marks the others to load again on their next use. A failed
 * load leaves `failed` (with the error for the caller's message) and loads again on the next
 * subscription or `reloadReferenceList`. Sign-out resets every list (the staff lists are the
 * signed-in user's view).
 */
import { atom, onMount, type ReadableAtom } from 'nanostores';
import { fetchAdminSessions, fetchCategories, fetchDepartments, fetchLanguages, fetchMemberDepartments, fetchMemberSessions } from '../lib/api/reference';
import type { Category, NamedRef } from '../lib/schemas/books';
import type { AcademicSession, Department } from '../lib/schemas/reference';
import { registerStoreReset } from './registry';

/** A list's state: loading (also before the first subscription), its items, or the failure. */
export type ReferenceList<T> = { status: 'loading' } | { status: 'ready'; items: T[] } | { status: 'failed'; error: unknown };

/** The kinds of reference data an edit can change. */
export type ReferenceDataKind = 'department' | 'category' | 'language' | 'session';

interface ListHandle {
  reload(): Promise<void>;
  invalidate(): Promise<void>;
  reset(): void;
}

function referenceList<T>(load: () => Promise<T[]>): { $list: ReadableAtom<ReferenceList<T>>; handle: ListHandle } {
  const $list = atom<ReferenceList<T>>({ status: 'loading' });
  let stale = true;
  let mounted = false;
  // Only the newest request may write: an older answer arriving late is dropped.
  let request = 0;

  async function reload(): Promise<void> {
    const id = ++request;
    stale = false;
    // A list on screen keeps its items while it reloads; a failed one shows it is trying again.
    if ($list.get().status === 'failed') $list.set({ status: 'loading' });
    try {
      const items = await load();
      if (id === request) $list.set({ status: 'ready', items });
    } catch (error) {
      if (id !== request) return;
      stale = true;
      $list.set({ status: 'failed', error });
    }
  }

  onMount($list, () => {
    mounted = true;
    if (stale) void reload();
    return () => {
      mounted = false;
    };
  });

  const handle: ListHandle = {
    reload,
    invalidate() {
      if (mounted) return reload();
      // Nobody shows it: drop the old items so the next reader waits for fresh ones.
      request += 1;
      stale = true;
      $list.set({ status: 'loading' });
      return Promise.resolve();
    },
    reset() {
      request += 1;
      stale = true;
      $list.set({ status: 'loading' });
    },
  };
  return { $list, handle };
}

const memberDepartments = referenceList<Department>(fetchMemberDepartments);
const memberSessions = referenceList<AcademicSession>(fetchMemberSessions);
const departments = referenceList<NamedRef>(fetchDepartments);
const categories = referenceList<Category>(fetchCategories);
const languages = referenceList<NamedRef>(fetchLanguages);
const adminSessions = referenceList<NamedRef>(fetchAdminSessions);

/** Departments as members see them (`/member-departments/`, public). */
export const $memberDepartments = memberDepartments.$list;
/** Academic sessions (`/member-sessions/`, public). */
export const $memberSessions = memberSessions.$list;
/** Departments for staff (`/admin-departments/`, needs view_department). */
export const $departments = departments.$list;
/** Categories (`/categories/`, any signed-in user). */
export const $categories = categories.$list;
/** Languages (`/language/`, any signed-in user). */
export const $languages = languages.$list;
/** Academic sessions for staff (`/admin-sessions/`, needs view_sessionsettings), each named by its range. */
export const $adminSessions = adminSessions.$list;

const LISTS = new Map<ReadableAtom<ReferenceList<unknown>>, ListHandle>([
  [$memberDepartments, memberDepartments.handle],
  [$memberSessions, memberSessions.handle],
  [$departments, departments.handle],
  [$categories, categories.handle],
  [$languages, languages.handle],
  [$adminSessions, adminSessions.handle],
]);

const OF_KIND: Record<ReferenceDataKind, ListHandle[]> = {
  department: [departments.handle, memberDepartments.handle],
  category: [categories.handle],
  language: [languages.handle],
  session: [adminSessions.handle, memberSessions.handle],
};

/** Loads a list again now (a Retry after a failure); resolves when it has loaded or failed. */
export function reloadReferenceList<T>($list: ReadableAtom<ReferenceList<T>>): Promise<void> {
  return LISTS.get($list as ReadableAtom<ReferenceList<unknown>>)?.reload() ?? Promise.resolve();
}

/** After an add, rename or delete: lists of that kind on screen reload, the others load on next use. */
export async function referenceChanged(kind: ReferenceDataKind): Promise<void> {
  await Promise.all(OF_KIND[kind].map((list) => list.invalidate()));
}

/** The list once it has loaded or failed (loading it if nothing on the page has), for a one-off read such as the CSV preview. */
export function settledReferenceList<T>($list: ReadableAtom<ReferenceList<T>>): Promise<ReferenceList<T>> {
  return new Promise((resolve) => {
    let done = false;
    let stop: (() => void) | undefined;
    stop = $list.subscribe((value) => {
      if (done || value.status === 'loading') return;
      done = true;
      resolve(value);
      // The first call comes before `stop` is set; the check after subscribing covers it.
      stop?.();
    });
    if (done) stop();
  });
}

/** The items of a loaded list, or undefined while it loads or after it failed. */
export function referenceItems<T>(list: ReferenceList<T>): T[] | undefined {
  return list.status === 'ready' ? list.items : undefined;
}

registerStoreReset(() => {
  for (const handle of LISTS.values()) handle.reset();
});
