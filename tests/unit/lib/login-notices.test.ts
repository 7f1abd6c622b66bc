import { describe, expect, test } from 'vitest';
import { loginNotice } from '../../../src/lib/login-notices';

describe('loginNotice', () => {
  test.each([
    ['?signedOut=1', { tone: 'info', text: 'You have been signed out.' }],
    ['?verified=1', { tone: 'success', text: expect.stringContaining('verified') }],
    ['?reset=1', { tone: 'success', text: 'Your password has been changed. Sign in with your new password.' }],
    ['?next=%2Fdashboard&signedOut=1', { tone: 'info', text: 'You have been signed out.' }],
  ])('shows a notice for %s', (search, expected) => {
    expect(loginNotice(search)).toEqual(expected);
  });

  test.each([[''], ['?signedOut=0'], ['?next=%2Fdashboard']])('shows nothing for "%s"', (search) => {
    expect(loginNotice(search)).toBeNull();
  });
});
