import { describe, expect, test } from 'vitest';
import { KEEP_FILE, type FileChange } from '../../../src/lib/forms';
import {
  initialReferencePanel,
  referenceBody,
  referenceEditUnchanged,
  referencePanelFlow,
  type ReferencePanelEvent,
  type ReferencePanelState,
} from '../../../src/lib/reference-panel';

const science = { id: 4, name: 'Science', image: null };
const urdu = { id: 9, name: 'Urdu' };
const run = (events: ReferencePanelEvent[], from: ReferencePanelState = initialReferencePanel) => events.reduce(referencePanelFlow, from);
const cover: FileChange = { kind: 'replace', file: new File(['x'], 'cover.png', { type: 'image/png' }) };

describe('what a reference row sends', () => {
  test('a category goes as a form with its trimmed name and image', () => {
    const body = referenceBody('category', '  Science Fiction ', cover);
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(form.get('name')).toBe('Science Fiction');
    expect((form.get('image') as File).name).toBe('cover.png');
  });

  test.each(['language', 'department', 'session'] as const)('a %s goes as JSON with its trimmed name only', (kind) => {
    expect(referenceBody(kind, ' Urdu ', cover)).toEqual({ name: 'Urdu' });
  });

  test.each<[string, string, FileChange, boolean]>([
    ['the same name with the image kept', ' Science ', KEEP_FILE, true],
    ['a new name', 'Sciences', KEEP_FILE, false],
    ['a new image', 'Science', cover, false],
    ['a removed image', 'Science', { kind: 'clear' }, false],
  ])('an edit with %s is unchanged: %s', (_title, name, image, unchanged) => {
    expect(referenceEditUnchanged(science, name, image)).toBe(unchanged);
  });
});

describe('reference panel flow', () => {
  test('starts with nothing edited, nothing to delete and no filter', () => {
    expect(initialReferencePanel).toMatchObject({ editing: null, toDelete: null, deleteError: null, filter: '', newImage: KEEP_FILE, editImage: KEEP_FILE, addRound: 0 });
  });

  test('editing a row starts with its image kept', () => {
    expect(run([{ type: 'edit-image', image: cover }, { type: 'start-edit', item: science }])).toMatchObject({ editing: science, editImage: KEEP_FILE });
  });

  test('stopping an edit says which Rename button takes the focus back', () => {
    const state = run([{ type: 'start-edit', item: urdu }, { type: 'stop-edit' }]);
    expect(state).toMatchObject({ editing: null, focusAfterEdit: urdu.id });
  });

  test('a saved rename gives focus to the renamed row', () => {
    expect(run([{ type: 'start-edit', item: urdu }, { type: 'saved-edit', item: { id: 9, name: 'Urdū' } }])).toMatchObject({ editing: null, focusAfterEdit: 9 });
  });

  test('an added row clears the image and starts a fresh add form', () => {
    expect(run([{ type: 'new-image', image: cover }, { type: 'added' }])).toMatchObject({ newImage: KEEP_FILE, addRound: 1 });
  });

  test('asking to delete clears an earlier failure; a failure shows in the dialog', () => {
    const failed = run([{ type: 'ask-delete', item: urdu }, { type: 'delete-failed', message: 'This language is used by 3 books.' }]);
    expect(failed).toMatchObject({ toDelete: urdu, deleteError: 'This language is used by 3 books.' });
    expect(run([{ type: 'ask-delete', item: science }], failed)).toMatchObject({ toDelete: science, deleteError: null });
  });

  test('closing the delete dialog forgets the row and the failure', () => {
    expect(run([{ type: 'ask-delete', item: urdu }, { type: 'delete-failed', message: 'No' }, { type: 'close-delete' }])).toMatchObject({ toDelete: null, deleteError: null });
  });

  test('the filter keeps what is typed', () => {
    expect(run([{ type: 'filter', text: 'sci' }]).filter).toBe('sci');
  });
});
