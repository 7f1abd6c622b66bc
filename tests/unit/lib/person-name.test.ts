import { describe, expect, test } from 'vitest';
import { displayName, fullName } from '#shared/person-name';

describe("a person's name", () => {
  test.each([
    [['Ada', 'Lovelace'], 'Ada Lovelace'],
    [['Ada', null, 'Lovelace'], 'Ada Lovelace'],
    [['Ada', '', 'Lovelace'], 'Ada Lovelace'],
    [['Ada', '  ', 'Lovelace'], 'Ada Lovelace'],
    [['', 'Lovelace'], 'Lovelace'],
    [['Ada', undefined], 'Ada'],
    [[null, null], ''],
    [[], ''],
  ])('joins the parts present of %j as %j', (parts, name) => {
    expect(fullName(parts)).toBe(name);
  });

  test.each([
    [{ first_name: 'Ada', last_name: 'Lovelace', username: 'ada' }, 'Ada Lovelace'],
    [{ first_name: 'Ada', last_name: '', username: 'ada' }, 'Ada'],
    [{ first_name: '', last_name: '', username: 'ada' }, 'ada'],
    [{ first_name: null, last_name: null, username: 'ada' }, 'ada'],
    [{ first_name: ' ', last_name: undefined, username: 'ada' }, 'ada'],
    [{ username: 'ada' }, 'ada'],
  ])('shows %j as %j: first and last name, else the username', (person, name) => {
    expect(displayName(person)).toBe(name);
  });
});
