import { describe, expect, test } from 'vitest';
import { DESK_SHORTCUTS, MEMBER_PARAM, announceLoansChanged, askedMember, asksForDialog, checkoutHrefFor, dialogHref, onLoansChanged, shortcutDialog } from '../../../src/lib/desk-shortcuts';

const key = (code: string, mods: Partial<{ altKey: boolean; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }> = {}) => ({
  altKey: true,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  code,
  ...mods,
});

describe('desk shortcuts', () => {
  test.each([
    ['Alt+I', key('KeyI'), 'issue'],
    ['Alt+R', key('KeyR'), 'return'],
    ['Alt+K', key('KeyK'), 'checkin'],
    ['I without Alt', key('KeyI', { altKey: false }), null],
    ['Ctrl+Alt+I (AltGr on some layouts)', key('KeyI', { ctrlKey: true }), null],
    ['Alt+Shift+R', key('KeyR', { shiftKey: true }), null],
    ['Alt+X', key('KeyX'), null],
  ])('%s', (_t, event, dialog) => expect(shortcutDialog(event)).toBe(dialog));

  test('the deep link and its reading agree', () => {
    const href = dialogHref('/dashboard/books/issue', 'issue');
    expect(href).toBe('/dashboard/books/issue?dialog=issue');
    expect(asksForDialog(href.slice(href.indexOf('?')), 'issue')).toBe(true);
    expect(asksForDialog('?dialog=return', 'issue')).toBe(false);
    expect(asksForDialog('', 'return')).toBe(false);
  });

  test('Alt+K checks in on the Return Book page, its scan field focused', () => {
    expect(DESK_SHORTCUTS.checkin).toMatchObject({ keys: 'Alt+K', routeId: 'book-return' });
    expect(asksForDialog('?dialog=checkin', 'checkin')).toBe(true);
  });
});

describe('a checkout session opened on a member', () => {
  test('the address names the member and asks for the checkout session', () => {
    const href = checkoutHrefFor('/dashboard/books/issue', 42);
    expect(href).toBe('/dashboard/books/issue?dialog=checkout&member=42');
    const search = href.slice(href.indexOf('?'));
    expect(asksForDialog(search, 'checkout')).toBe(true);
    expect(askedMember(search)).toBe('42');
    expect(MEMBER_PARAM).toBe('member');
  });

  test.each([
    ['?member=7', '7'],
    ['?member=%2007%20', '7'],
    ['?member=', null],
    ['?member=abc', null],
    ['?member=-3', null],
    ['?member=0', null],
    ['', null],
  ])('reads the member of %j as %j (a user id, else none)', (search, expected) => {
    expect(askedMember(search)).toBe(expected);
  });
});

describe('loans changed on the page', () => {
  test('each listener hears every announcement until it unsubscribes', () => {
    const target = new EventTarget();
    const original = globalThis.window;
    (globalThis as { window?: unknown }).window = target;
    try {
      let heard = 0;
      const stop = onLoansChanged(() => (heard += 1));
      announceLoansChanged();
      announceLoansChanged();
      stop();
      announceLoansChanged();
      expect(heard).toBe(2);
    } finally {
      (globalThis as { window?: unknown }).window = original;
    }
  });
});
