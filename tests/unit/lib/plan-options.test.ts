import { describe, expect, test } from 'vitest';
import { planChoices } from '../../../src/lib/plan-options';

const plan = (id: number, name: string, is_default = false) => ({ id, name, is_default }) as Parameters<typeof planChoices>[0][number];

describe('planChoices', () => {
  test('lists every plan, the default one marked and chosen', () => {
    expect(planChoices([plan(1, 'Basic'), plan(2, 'Gold', true)])).toEqual({
      options: [
        { value: '1', label: 'Basic' },
        { value: '2', label: 'Gold (default)' },
      ],
      defaultId: '2',
    });
  });

  test('without a default plan the first is chosen; without plans none', () => {
    expect(planChoices([plan(3, 'Basic'), plan(4, 'Gold')]).defaultId).toBe('3');
    expect(planChoices([])).toEqual({ options: [], defaultId: '' });
  });
});
