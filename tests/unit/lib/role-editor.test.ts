import { describe, expect, test } from 'vitest';
import { initialRoleEditor, roleEditorFlow, roleIsDirty, roleLoadFailure, roleSaveBody, type RoleEditorEvent, type RoleEditorState } from '../../../src/lib/role-editor';

const permissions = [
  { id: 1, codename: 'view_book', module: 'Books' },
  { id: 2, codename: 'add_book', module: 'Books' },
  { id: 3, codename: 'view_member', module: 'Members' },
];
const librarian = { id: 5, name: 'Librarian', built_in: false, permissions: [1, 3] };
const run = (events: RoleEditorEvent[], from: RoleEditorState = initialRoleEditor) => events.reduce(roleEditorFlow, from);
const ready = run([{ type: 'loaded', role: librarian, permissions }]);

describe('role editor flow', () => {
  test('starts loading', () => {
    expect(initialRoleEditor.load).toEqual({ kind: 'loading' });
  });

  test('a loaded role selects its permissions and remembers them as saved', () => {
    expect(ready.load).toEqual({ kind: 'ready' });
    expect([...ready.selected]).toEqual(['1', '3']);
    expect(ready.saved).toEqual({ name: 'Librarian', selected: new Set(['1', '3']) });
  });

  test('ticking changes the selection, not what is saved', () => {
    const state = run([{ type: 'select', selected: new Set(['1']) }], ready);
    expect([...state.selected]).toEqual(['1']);
    expect([...state.saved.selected]).toEqual(['1', '3']);
  });

  test('a saved role becomes the new saved state', () => {
    const state = run([{ type: 'select', selected: new Set(['2']) }, { type: 'saved', role: { ...librarian, name: 'Desk', permissions: [2] } }], ready);
    expect(state.saved).toEqual({ name: 'Desk', selected: new Set(['2']) });
    expect(state.role?.name).toBe('Desk');
  });

  test('a role missing on the server is "not found"; any other failure keeps its message', () => {
    expect(run([{ type: 'failed', load: { kind: 'not-found' } }]).load).toEqual({ kind: 'not-found' });
    expect(roleLoadFailure({ status: 404, data: { detail: 'Not found.' } }, 'fetch-role-detail')).toEqual({ kind: 'not-found' });
    expect(roleLoadFailure({ status: 500, data: {} }, 'fetch-permissions')).toMatchObject({ kind: 'error' });
  });

  test('leaving with changes asks first, and the question can be dismissed', () => {
    expect(run([{ type: 'ask-leave' }], ready).leaving).toBe(true);
    expect(run([{ type: 'ask-leave' }, { type: 'stay' }], ready).leaving).toBe(false);
  });
});

describe('unsaved changes', () => {
  test.each<[string, string, string[], boolean]>([
    ['nothing changed', 'Librarian', ['1', '3'], false],
    ['only spaces around the name', '  Librarian ', ['3', '1'], false],
    ['a new name', 'Desk', ['1', '3'], true],
    ['a permission more', 'Librarian', ['1', '2', '3'], true],
  ])('%s', (_title, name, selected, dirty) => {
    expect(roleIsDirty(run([{ type: 'select', selected: new Set(selected) }], ready), name)).toBe(dirty);
  });

  test('a role still loading has no unsaved changes', () => {
    expect(roleIsDirty(initialRoleEditor, 'x')).toBe(false);
  });
});

describe('what Save sends', () => {
  test('a custom role sends its new trimmed name and every ticked permission by its id', () => {
    expect(roleSaveBody(librarian, ' Desk ', 'Librarian', new Set(['2', '3']), permissions)).toEqual({ name: 'Desk', permissions: [2, 3] });
  });

  test('an unchanged name is not sent', () => {
    expect(roleSaveBody(librarian, 'Librarian', 'Librarian', new Set(['1']), permissions)).toEqual({ permissions: [1] });
  });

  test('a built-in role never sends a name', () => {
    expect(roleSaveBody({ ...librarian, built_in: true }, 'Other', 'Librarian', new Set(), permissions)).toEqual({ permissions: [] });
  });
});
