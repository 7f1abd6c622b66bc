import { describe, expect, test } from 'vitest';
import { confirmInitialFocus } from '../../../src/lib/confirm-tone';

describe('which button a confirmation focuses when it opens', () => {
  test.each([
    ['collecting fines (neutral): Enter confirms', { tone: 'neutral' }, 'confirm'],
    ['approving a member (neutral): Enter confirms', { tone: 'neutral' }, 'confirm'],
    ['deleting, declining, disabling (danger): Enter cancels', { tone: 'danger' }, 'cancel'],
    ['a danger the desk confirms by Enter (issue to a defaulter)', { tone: 'danger', focusConfirm: true }, 'confirm'],
    ['a confirmation asking for a password: its field', { tone: 'danger', asksInput: true }, 'field'],
    ['a neutral one asking for input: its field', { tone: 'neutral', asksInput: true }, 'field'],
  ] as const)('%s', (_case, options, expected) => {
    expect(confirmInitialFocus(options)).toBe(expected);
  });
});
