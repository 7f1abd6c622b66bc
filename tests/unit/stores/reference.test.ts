import { STORE_UNMOUNT_DELAY } from 'nanostores';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

const api = vi.hoisted(() => ({
  fetchMemberDepartments: vi.fn(),
  fetchMemberSessions: vi.fn(),
  fetchDepartments: vi.fn(),
  fetchCategories: vi.fn(),
  fetchLanguages: vi.fn(),
  fetchAdminSessions: vi.fn(),
}));
vi.mock('../../../src/lib/api/reference', () => api);

const { $adminSessions, $categories, $departments, $languages, $memberDepartments, $memberSessions, referenceChanged, referenceItems, reloadReferenceList, settledReferenceList } = await import(
  '../../../src/stores/reference'
);
const { resetAllStores } = await import('../../../src/stores/registry');

const settle = () => vi.advanceTimersByTimeAsync(0);
/** Lets a store's last listener go and its unmount run (nanostores waits a moment first). */
const unmounted = () => vi.advanceTimersByTimeAsync(STORE_UNMOUNT_DELAY + 1);

const fiction = { id: 1, name: 'Fiction', image: null };
const poetry = { id: 2, name: 'Poetry', image: null };

const subscriptions: (() => void)[] = [];
const subscribe = <T>(store: { listen(listener: (value: T) => void): () => void }) => {
  const stop = store.listen(() => {});
  subscriptions.push(stop);
  return stop;
};

describe('the reference-data store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.resetAllMocks();
  });

  afterEach(async () => {
    subscriptions.splice(0).forEach((stop) => stop());
    await unmounted();
    resetAllStores();
    vi.useRealTimers();
  });

  test('loads a list once for two islands that subscribe to it', async () => {
    api.fetchCategories.mockResolvedValue([fiction]);
    expect($categories.get()).toEqual({ status: 'loading' });
    subscribe($categories);
    subscribe($categories);
    await settle();
    expect(api.fetchCategories).toHaveBeenCalledTimes(1);
    expect($categories.get()).toEqual({ status: 'ready', items: [fiction] });
    expect(referenceItems($categories.get())).toEqual([fiction]);
  });

  test('asks nothing before an island subscribes', async () => {
    await settle();
    for (const fetcher of Object.values(api)) expect(fetcher).not.toHaveBeenCalled();
  });

  test('keeps a loaded list for the next island on the page without asking again', async () => {
    api.fetchLanguages.mockResolvedValue([{ id: 1, name: 'English' }]);
    const stop = subscribe($languages);
    await settle();
    stop();
    await unmounted();
    subscribe($languages);
    await settle();
    expect(api.fetchLanguages).toHaveBeenCalledTimes(1);
    expect(referenceItems($languages.get())).toEqual([{ id: 1, name: 'English' }]);
  });

  test('reloads a list on screen after a change of its kind, showing the old items meanwhile', async () => {
    api.fetchCategories.mockResolvedValueOnce([fiction]).mockResolvedValueOnce([fiction, poetry]);
    subscribe($categories);
    await settle();
    const change = referenceChanged('category');
    expect($categories.get()).toEqual({ status: 'ready', items: [fiction] });
    await change;
    expect(api.fetchCategories).toHaveBeenCalledTimes(2);
    expect($categories.get()).toEqual({ status: 'ready', items: [fiction, poetry] });
  });

  test('a department change reloads both department lists; other kinds are left alone', async () => {
    api.fetchDepartments.mockResolvedValue([{ id: 1, name: 'Physics' }]);
    api.fetchMemberDepartments.mockResolvedValue([{ id: 1, name: 'Physics' }]);
    api.fetchLanguages.mockResolvedValue([]);
    subscribe($departments);
    subscribe($memberDepartments);
    subscribe($languages);
    await settle();
    await referenceChanged('department');
    expect(api.fetchDepartments).toHaveBeenCalledTimes(2);
    expect(api.fetchMemberDepartments).toHaveBeenCalledTimes(2);
    expect(api.fetchLanguages).toHaveBeenCalledTimes(1);
  });

  test('a session change reloads the staff sessions on screen and the members\' list on its next use', async () => {
    api.fetchAdminSessions.mockResolvedValueOnce([{ id: 1, name: '2023-2027' }]).mockResolvedValueOnce([{ id: 1, name: '2023-2027' }, { id: 2, name: '2024-2028' }]);
    api.fetchMemberSessions.mockResolvedValue([{ id: 1, session_range: '2023-2027' }]);
    api.fetchDepartments.mockResolvedValue([]);
    subscribe($adminSessions);
    subscribe($departments);
    await settle();
    await referenceChanged('session');
    expect(api.fetchAdminSessions).toHaveBeenCalledTimes(2);
    expect(referenceItems($adminSessions.get())).toEqual([{ id: 1, name: '2023-2027' }, { id: 2, name: '2024-2028' }]);
    expect(api.fetchMemberSessions).not.toHaveBeenCalled();
    expect($memberSessions.get()).toEqual({ status: 'loading' });
    expect(api.fetchDepartments).toHaveBeenCalledTimes(1);
  });

  test('a list off screen when its kind changes loads again on its next use, not at once', async () => {
    api.fetchMemberSessions.mockResolvedValueOnce([{ id: 1, session_range: '2023-2027' }]).mockResolvedValueOnce([{ id: 2, session_range: '2024-2028' }]);
    const stop = subscribe($memberSessions);
    await settle();
    stop();
    await unmounted();
    await referenceChanged('session');
    expect(api.fetchMemberSessions).toHaveBeenCalledTimes(1);
    expect($memberSessions.get()).toEqual({ status: 'loading' });
    subscribe($memberSessions);
    await settle();
    expect(api.fetchMemberSessions).toHaveBeenCalledTimes(2);
    expect(referenceItems($memberSessions.get())).toEqual([{ id: 2, session_range: '2024-2028' }]);
  });

  test('a failed load leaves the failure with its error, and a retry loads the list', async () => {
    const failure = new Error('offline');
    api.fetchDepartments.mockRejectedValueOnce(failure).mockResolvedValueOnce([{ id: 3, name: 'History' }]);
    subscribe($departments);
    await settle();
    expect($departments.get()).toEqual({ status: 'failed', error: failure });
    expect(referenceItems($departments.get())).toBeUndefined();
    const retry = reloadReferenceList($departments);
    expect($departments.get()).toEqual({ status: 'loading' });
    await retry;
    expect($departments.get()).toEqual({ status: 'ready', items: [{ id: 3, name: 'History' }] });
  });

  test('a failed list tries again when the next island subscribes', async () => {
    api.fetchCategories.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce([fiction]);
    const stop = subscribe($categories);
    await settle();
    stop();
    await unmounted();
    subscribe($categories);
    await settle();
    expect($categories.get()).toEqual({ status: 'ready', items: [fiction] });
  });

  test('an answer that arrives after a newer reload is dropped', async () => {
    let answerFirst: (rows: unknown[]) => void = () => {};
    api.fetchCategories.mockReturnValueOnce(new Promise((resolve) => (answerFirst = resolve))).mockResolvedValueOnce([poetry]);
    subscribe($categories);
    await reloadReferenceList($categories);
    answerFirst([fiction]);
    await settle();
    expect($categories.get()).toEqual({ status: 'ready', items: [poetry] });
  });

  test('sign-out empties every list, and the next use loads it again', async () => {
    api.fetchCategories.mockResolvedValue([fiction]);
    const stop = subscribe($categories);
    await settle();
    stop();
    await unmounted();
    resetAllStores();
    expect($categories.get()).toEqual({ status: 'loading' });
    subscribe($categories);
    await settle();
    expect(api.fetchCategories).toHaveBeenCalledTimes(2);
    expect($categories.get()).toEqual({ status: 'ready', items: [fiction] });
  });

  test('a one-off read waits for the list, loading it when no island has, and then lets it go', async () => {
    api.fetchLanguages.mockResolvedValue([{ id: 1, name: 'Urdu' }]);
    const read = settledReferenceList($languages);
    await settle();
    await expect(read).resolves.toEqual({ status: 'ready', items: [{ id: 1, name: 'Urdu' }] });
    await expect(settledReferenceList($languages)).resolves.toEqual({ status: 'ready', items: [{ id: 1, name: 'Urdu' }] });
    expect(api.fetchLanguages).toHaveBeenCalledTimes(1);
    expect($languages.lc).toBe(0);
  });

  test('a one-off read answers a failure too, so a list the user may not read can be left out', async () => {
    api.fetchDepartments.mockRejectedValue(new Error('403'));
    const read = settledReferenceList($departments);
    await settle();
    await expect(read).resolves.toMatchObject({ status: 'failed' });
  });
});
