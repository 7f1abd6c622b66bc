import { describe, expect, test } from 'vitest';
import { personDetail, personLabel, searchTerm, type PickablePerson } from '../../../src/lib/member-picker';

const ada: PickablePerson = { id: 7, username: 'ada', first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.org', member_id: 'M-0007' };

describe('member picker', () => {
  test.each<[string, PickablePerson, string, string]>([
    ['a member with a name, number and e-mail', ada, 'Ada Lovelace (ada)', 'M-0007 · ada@example.org'],
    ['a member with a first name only', { ...ada, last_name: null, member_id: '' }, 'Ada (ada)', 'ada@example.org'],
    ['a user without a name shows the username alone', { id: 2, username: 'desk', email: null, role: 'MANAGER' }, 'desk', 'MANAGER'],
    ['nothing known beyond the username', { id: 3, username: 'x' }, 'x', ''],
  ])('%s', (_title, person, label, detail) => {
    expect(personLabel(person)).toBe(label);
    expect(personDetail(person)).toBe(detail);
  });

  test.each([
    ['', null],
    ['   ', null],
    [' ada ', 'ada'],
    ['ada@example.org', 'ada@example.org'],
  ])('the term searched for “%s” is %s', (typed, term) => {
    expect(searchTerm(typed)).toBe(term);
  });
});
