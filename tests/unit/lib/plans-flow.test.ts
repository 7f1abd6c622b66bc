import { describe, expect, test } from 'vitest';
import { NO_PLAN_DIALOG, planDialogs } from '../../../src/lib/plans-flow';

const gold = { id: 1, name: 'Gold' };

describe('the membership plans’ dialogs', () => {
  test('Add plan and Edit open the form, closing it opens nothing', () => {
    expect(planDialogs(NO_PLAN_DIALOG, { type: 'add' }).editing).toBe('new');
    const editing = planDialogs(NO_PLAN_DIALOG, { type: 'edit', plan: gold });
    expect(editing.editing).toBe(gold);
    expect(planDialogs(editing, { type: 'close-form' })).toEqual(NO_PLAN_DIALOG);
  });

  test('a refused delete keeps the confirm open with the reason; asking again starts clean', () => {
    const asked = planDialogs(NO_PLAN_DIALOG, { type: 'ask-delete', plan: gold });
    const refused = planDialogs(asked, { type: 'delete-failed', message: 'The default plan cannot be deleted.' });
    expect(refused).toMatchObject({ deleting: gold, deleteError: 'The default plan cannot be deleted.' });
    expect(planDialogs(refused, { type: 'ask-delete', plan: gold }).deleteError).toBeNull();
    expect(planDialogs(refused, { type: 'deleting' }).deleteError).toBeNull();
  });

  test('closing the confirm forgets the plan and its error', () => {
    const refused = planDialogs(planDialogs(NO_PLAN_DIALOG, { type: 'ask-delete', plan: gold }), { type: 'delete-failed', message: 'In use.' });
    expect(planDialogs(refused, { type: 'close-delete' })).toEqual(NO_PLAN_DIALOG);
  });
});
