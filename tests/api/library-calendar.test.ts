/**
 * The library's calendar and the desk's settings: the book settings' block conditions, lost-copy
 * fee, weekly closing days and fine rule (round trip, bounds, audit); dated holidays (add, list,
 * remove, who may); the public settings naming the calendar; due dates and pickup deadlines that
 * fall on a closed day moved to the next open day (a typed due date kept); a return's fine that
 * skips closed days when the setting says so; a plan's cap on the overdue fine.
 */
import { describe, expect, test } from 'vitest';
import { addDays, weekdayOf } from '#shared/dates';
import { postJson } from './support/harness.js';
import { actor, type Actor, addBook, desk, giveBack, issue, member, onlyInRole, t, today, useDeskApp } from './support/circulation.js';
import { reservationRow, reserved } from './support/reservations.js';
import { DESK_DEFAULTS } from './support/desk-settings.js';

let seq = 0;

useDeskApp();

const SETTINGS = '/settings/Books_settings/';
const RULES = { max_books_per_member: 3, max_issue_duration: 3, fine_per_day: '10.00' };
const saveSettings = (body: Record<string, unknown>, by: Actor = desk) => postJson(t.app, SETTINGS, { ...RULES, ...body }, by.headers);
const readSettings = (by: Actor = desk) => t.app.inject({ method: 'GET', url: SETTINGS, headers: by.headers });
const HOLIDAYS = '/settings/holidays/';
const addHoliday = (body: Record<string, unknown>, by: Actor = desk) => postJson(t.app, HOLIDAYS, body, by.headers);
const removeHoliday = (id: number | string, by: Actor = desk) => t.app.inject({ method: 'DELETE', url: `${HOLIDAYS}${id}/`, headers: by.headers });

/** Closes the library on exactly these weekdays, with no holidays (each test starts from its own calendar). */
async function closeOn(weekdays: number[]): Promise<void> {
  await t.db.deleteFrom('library_holidays').execute();
  expect((await saveSettings({ closed_weekdays: weekdays, fines_count_closed_days: true })).statusCode).toBe(200);
}

describe('book settings: the desk fields', () => {
  test('each new field round-trips (money as decimal strings, weekdays stored "0,6"), audited before and after', async () => {
    const before = (await readSettings()).json();
    expect(before).toMatchObject(DESK_DEFAULTS);
    const body = {
      block_fines_over: '500.00',
      block_overdue_count: 2,
      block_overdue_days: '30',
      block_membership_expired: false,
      lost_processing_fee: '50',
      lost_found_action: 'REFUND',
      closed_weekdays: [6, 0],
      fines_count_closed_days: false,
    };
    const saved = await saveSettings(body);
    expect(saved.statusCode).toBe(200);
    const expected = { ...body, block_fines_over: '500.00', block_overdue_days: 30, lost_processing_fee: '50.00', closed_weekdays: [0, 6] };
    expect(saved.json()).toMatchObject({ detail: 'Library settings updated successfully.', ...expected });
    expect((await readSettings()).json()).toMatchObject(expected);
    const row = await t.db.selectFrom('library_settings').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ block_fines_over: 50000, block_overdue_count: 2, block_overdue_days: 30, lost_processing_fee: 5000, lost_found_action: 'REFUND', closed_weekdays: '0,6' });
    expect(Number(row.block_membership_expired)).toBe(0);
    expect(Number(row.fines_count_closed_days)).toBe(0);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'BOOK_SETTINGS_UPDATED').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before!)).toMatchObject({ block_fines_over: 0, closed_weekdays: '', fines_count_closed_days: 1 });
    expect(JSON.parse(audit.after!)).toMatchObject({ block_fines_over: 50000, block_overdue_count: 2, closed_weekdays: '0,6', fines_count_closed_days: 0, lost_found_action: 'REFUND' });

    // Left out: unchanged; null or blank: no block.
    expect((await saveSettings({})).json()).toMatchObject(expected);
    const cleared = (await saveSettings({ block_overdue_count: null, block_overdue_days: '', closed_weekdays: [] })).json();
    expect(cleared).toMatchObject({ block_overdue_count: null, block_overdue_days: null, closed_weekdays: [], block_fines_over: '500.00' });
    await saveSettings({ block_fines_over: '0', block_membership_expired: true, lost_processing_fee: '0', lost_found_action: 'CANCEL', fines_count_closed_days: true });
  });

  test.each<[string, Record<string, unknown>, Record<string, string[]>]>([
    ['a weekday past Saturday', { closed_weekdays: [7] }, { closed_weekdays: ['Each weekday must be a whole number from 0 (Sunday) to 6 (Saturday).'] }],
    ['a weekday twice', { closed_weekdays: [1, 1] }, { closed_weekdays: ['Each weekday may be given once.'] }],
    ['weekdays not a list', { closed_weekdays: '0,6' }, { closed_weekdays: ['Expected a list of items but got type "str".'] }],
    ['more than seven weekdays', { closed_weekdays: [0, 1, 2, 3, 4, 5, 6, 0] }, { closed_weekdays: ['Ensure this field has no more than 7 elements.'] }],
    ['a negative block amount', { block_fines_over: '-1' }, { block_fines_over: ['Ensure this value is greater than or equal to 0.'] }],
    ['a count that is not a whole number', { block_overdue_count: 'two' }, { block_overdue_count: ['A valid integer is required.'] }],
    ['a negative number of days', { block_overdue_days: -1 }, { block_overdue_days: ['Ensure this value is greater than or equal to 0.'] }],
    ['an unknown found-copy action', { lost_found_action: 'KEEP' }, { lost_found_action: ['"KEEP" is not a valid choice.'] }],
    ['a fee with three decimals', { lost_processing_fee: '1.234' }, { lost_processing_fee: ['Ensure that there are no more than 2 decimal places.'] }],
  ])('refuses %s, naming the field, and changes nothing', async (_case, body, errors) => {
    const before = (await readSettings()).json();
    const response = await saveSettings(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errors);
    expect((await readSettings()).json()).toEqual(before);
  });

  test('the public settings name the calendar, the fine rule and the processing fee, nothing else of the desk', async () => {
    await closeOn([5]);
    await saveSettings({ lost_processing_fee: '25.50' });
    const near = (await addHoliday({ date: addDays(today, 10), name: 'Founders Day' })).json();
    const far = (await addHoliday({ date: addDays(today, 800), name: 'Far away' })).json();
    const answer = (await t.app.inject({ method: 'GET', url: '/settings/library/' })).json();
    expect(answer.calendar).toEqual({ closed_weekdays: [5], holidays: [addDays(today, 10)] });
    expect(answer).toMatchObject({ fines_count_closed_days: true, lost_processing_fee: '25.50' });
    expect(answer).not.toHaveProperty('block_fines_over');
    expect(answer).not.toHaveProperty('lost_found_action');
    await removeHoliday(near.id);
    await removeHoliday(far.id);
    await saveSettings({ lost_processing_fee: '0' });
  });
});

describe('holidays', () => {
  test('added, listed by date and removed, each audited', async () => {
    const later = await addHoliday({ date: addDays(today, 40), name: '  Eid  ' });
    expect(later.statusCode).toBe(201);
    expect(later.json()).toEqual({ id: expect.any(Number), date: addDays(today, 40), name: 'Eid' });
    const sooner = (await addHoliday({ date: addDays(today, 20), name: 'Spring break' })).json();
    const list = await t.app.inject({ method: 'GET', url: HOLIDAYS, headers: desk.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([sooner, later.json()]);
    const added = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'HOLIDAY_ADDED').where('entity_id', '=', String(sooner.id)).executeTakeFirstOrThrow();
    expect(JSON.parse(added.after!)).toMatchObject({ date: addDays(today, 20), name: 'Spring break' });

    const removed = await removeHoliday(sooner.id);
    expect(removed.statusCode).toBe(204);
    expect((await removeHoliday(sooner.id)).statusCode).toBe(404);
    expect((await removeHoliday('abc')).statusCode).toBe(404);
    const gone = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'HOLIDAY_REMOVED').where('entity_id', '=', String(sooner.id)).executeTakeFirstOrThrow();
    expect(JSON.parse(gone.before!)).toMatchObject({ date: addDays(today, 20), name: 'Spring break' });
    expect((await t.app.inject({ method: 'GET', url: HOLIDAYS, headers: desk.headers })).json()).toEqual([later.json()]);
    await removeHoliday(later.json().id);
  });

  test.each<[string, () => Record<string, unknown>, Record<string, string[]>]>([
    ['no date or name', () => ({}), { date: ['This field is required.'], name: ['This field is required.'] }],
    ['a date that does not read', () => ({ date: '2026-02-30', name: 'x' }), { date: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'] }],
    ['a date over a year back', () => ({ date: addDays(today, -367), name: 'Old' }), { date: ['Choose a date from one year back to five years ahead.'] }],
    ['a date over five years ahead', () => ({ date: addDays(today, 5 * 366 + 1), name: 'Far' }), { date: ['Choose a date from one year back to five years ahead.'] }],
    ['a name too long', () => ({ date: today, name: 'x'.repeat(101) }), { name: ['Ensure this field has no more than 100 characters.'] }],
    ['a blank name', () => ({ date: today, name: '  ' }), { name: ['This field may not be blank.'] }],
  ])('refuses %s and writes nothing', async (_case, body, errors) => {
    const response = await addHoliday(body());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errors);
    expect(await t.db.selectFrom('library_holidays').selectAll().execute()).toEqual([]);
  });

  test('a name with a control character is refused; a second holiday on one date is refused on `date`', async () => {
    const control = await addHoliday({ date: today, name: 'Bad\u0007name' });
    expect(control.statusCode).toBe(400);
    expect(Object.keys(control.json())).toEqual(['name']);
    const first = (await addHoliday({ date: addDays(today, 5), name: 'One' })).json();
    const twice = await addHoliday({ date: addDays(today, 5), name: 'Two' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ date: ['A holiday on this date already exists.'] });
    await removeHoliday(first.id);
  });

  test('reading needs view_librarysettings, adding and removing change_librarysettings; members never', async () => {
    const viewer = await actor(t, 'calendar.viewer', 'MANAGER');
    await onlyInRole(t, viewer.id, 'Calendar viewer', ['view_librarysettings']);
    const reader = await actor(t, 'calendar.reader');
    const held = (await addHoliday({ date: addDays(today, 7), name: 'Kept' })).json();
    expect((await t.app.inject({ method: 'GET', url: HOLIDAYS })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: HOLIDAYS, headers: reader.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: HOLIDAYS, headers: viewer.headers })).statusCode).toBe(200);
    expect((await addHoliday({ date: addDays(today, 8), name: 'No' }, viewer)).statusCode).toBe(403);
    expect((await addHoliday({ date: addDays(today, 8), name: 'No' }, reader)).statusCode).toBe(403);
    expect((await removeHoliday(held.id, viewer)).statusCode).toBe(403);
    expect((await removeHoliday(held.id, reader)).statusCode).toBe(403);
    expect(await t.db.selectFrom('library_holidays').select('name').execute()).toEqual([{ name: 'Kept' }]);
    await removeHoliday(held.id);
  });
});

describe('due dates and pickup deadlines move to the next open day', () => {
  test("an issue's default due date on a closed weekday moves past it, and past a holiday after it", async () => {
    const due = addDays(today, 3);
    await closeOn([weekdayOf(due)]);
    const reader = await member(t, `calendar.issue.${++seq}`);
    const first = await issue(t, desk, { book: await addBook(t, `Calendar ${seq}`), member: reader });
    expect(first.statusCode).toBe(201);
    expect(first.json().due_date).toBe(addDays(today, 4));
    const holiday = (await addHoliday({ date: addDays(today, 4), name: 'Holiday' })).json();
    const second = await issue(t, desk, { book: await addBook(t, `Calendar ${++seq}`), member: reader });
    expect(second.json().due_date).toBe(addDays(today, 5));
    await removeHoliday(holiday.id);
    await closeOn([]);
  });

  test('a due date staff typed is kept as typed, closed or not', async () => {
    const typed = addDays(today, 2);
    await closeOn([weekdayOf(typed)]);
    const reader = await member(t, `calendar.typed.${++seq}`);
    const response = await issue(t, desk, { book: await addBook(t, `Calendar ${seq}`), member: reader, due_date: typed });
    expect(response.json().due_date).toBe(typed);
    await closeOn([]);
  });

  test("a renewal's new due date on a closed day moves to the next open day", async () => {
    const reader = await member(t, `calendar.renew.${++seq}`);
    const loan = (await issue(t, desk, { book: await addBook(t, `Calendar ${seq}`), member: reader, due_date: addDays(today, 1) })).json().id;
    await closeOn([weekdayOf(addDays(today, 4))]);
    const renewed = await postJson(t.app, `/books/issued-books/${loan}/renew/`, {}, desk.headers);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().due_date).toBe(addDays(today, 5));
    await closeOn([]);
  });

  test("a hold's pickup deadline on a closed day moves to the next open day", async () => {
    const book = await addBook(t, `Calendar ${++seq}`);
    const borrower = await member(t, `calendar.borrower.${seq}`);
    const loan = (await issue(t, desk, { book, member: borrower })).json().id;
    const waiter = await actor(t, `calendar.waiter.${seq}`);
    const reservation = await reserved(t, waiter, { book });
    await closeOn([weekdayOf(addDays(today, 3))]);
    const back = await giveBack(t, desk, loan);
    expect(back.json().held_for).toMatchObject({ reservation_id: reservation, hold_until: addDays(today, 4) });
    expect((await reservationRow(t, reservation)).hold_until).toBe(addDays(today, 4));
    await closeOn([]);
  });
});

describe('overdue fines by the calendar and the plan', () => {
  test('a return skips closed days when fines do not count them, and counts them when they do', async () => {
    // Ten days late: the loan was due ten days ago; one weekday closed, plus a holiday on an open day.
    const due = addDays(today, -10);
    const closedDay = weekdayOf(addDays(due, 1));
    let closedCount = 0;
    for (let d = 1; d <= 10; d += 1) if (weekdayOf(addDays(due, d)) === closedDay) closedCount += 1;
    await closeOn([closedDay]);
    const holidayDate = addDays(due, 2);
    await t.db.insertInto('library_holidays').values({ date: holidayDate, name: 'Past holiday', created_at: new Date().toISOString() }).execute();
    await saveSettings({ fines_count_closed_days: false });
    const lateOpenDays = 10 - closedCount - 1;
    const reader = await member(t, `calendar.fine.${++seq}`);
    const loan = (await issue(t, desk, { book: await addBook(t, `Calendar ${seq}`), member: reader, issue_date: addDays(today, -12), due_date: due })).json().id;
    const open = (await t.app.inject({ method: 'GET', url: `/reports/members/${reader}/issued-books/`, headers: desk.headers })).json();
    expect(open.issued_books[0].fine_amount).toBe(`${lateOpenDays * 10}.00`);
    const back = await giveBack(t, desk, loan);
    expect(back.statusCode).toBe(200);
    expect(back.json().fine_details).toMatchObject({ late_days: lateOpenDays, overdue_fine: `${lateOpenDays * 10}.00` });

    await saveSettings({ fines_count_closed_days: true });
    const counted = (await issue(t, desk, { book: await addBook(t, `Calendar ${++seq}`), member: reader, issue_date: addDays(today, -12), due_date: due })).json().id;
    expect((await giveBack(t, desk, counted)).json().fine_details).toMatchObject({ late_days: 10, overdue_fine: '100.00' });
    await closeOn([]);
  });

  test("a plan's cap: answered and saved by the plans call, applied to open loans and at return", async () => {
    const created = await postJson(t.app, '/members/plans/', { name: `Capped ${++seq}`, fine_per_day: '10', max_overdue_fine: '35.00' }, desk.headers);
    expect(created.statusCode).toBe(201);
    const plan = created.json();
    expect(plan.max_overdue_fine).toBe('35.00');
    const refused = await postJson(t.app, '/members/plans/', { name: `Bad cap ${seq}`, max_overdue_fine: '-5' }, desk.headers);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ max_overdue_fine: ['Ensure this value is greater than or equal to 0.'] });
    const cleared = await t.app.inject({ method: 'PATCH', url: `/members/plans/${plan.id}/`, headers: { ...desk.headers, 'content-type': 'application/json' }, payload: JSON.stringify({ max_overdue_fine: '' }) });
    expect(cleared.json().max_overdue_fine).toBeNull();
    await t.app.inject({ method: 'PATCH', url: `/members/plans/${plan.id}/`, headers: { ...desk.headers, 'content-type': 'application/json' }, payload: JSON.stringify({ max_overdue_fine: '35' }) });

    const reader = await member(t, `calendar.capped.${seq}`);
    await t.db.updateTable('member_profiles').set({ plan_id: plan.id }).where('user_id', '=', reader).execute();
    const loan = (await issue(t, desk, { book: await addBook(t, `Calendar ${seq}`), member: reader, issue_date: addDays(today, -12), due_date: addDays(today, -10) })).json().id;
    const summary = (await t.app.inject({ method: 'GET', url: `/reports/members/${reader}/issued-books/`, headers: desk.headers })).json();
    expect(summary.issued_books[0]).toMatchObject({ late_days: 10, fine_amount: '35.00' });
    // The cap is named beside the rate, so the Return dialog previews what the server will charge.
    expect(summary.max_overdue_fine).toBe('35.00');
    const listed = (await t.app.inject({ method: 'GET', url: `/books/issued-books/?member=${reader}`, headers: desk.headers })).json();
    expect(listed[0]).toMatchObject({ id: loan, fine_amount: '35.00', max_overdue_fine: '35.00' });
    const back = await giveBack(t, desk, loan);
    expect(back.json().fine_details).toMatchObject({ late_days: 10, overdue_fine: '35.00' });
  });
});
