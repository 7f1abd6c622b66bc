/**
 * Book Settings' Calendar panel: the weekly closing days (a due date or pickup deadline on a closed
 * day moves to the next open day), whether overdue fines count closed days, and the dated holidays.
 */
import { css, cx } from 'styled-system/css';
import { checkRow, text } from 'styled-system/recipes';
import {
  CALENDAR_FIELDS,
  calendarBody,
  calendarToValues,
  DESK_RULE_MESSAGES,
  isClosingDay,
  toggleWeekday,
  validateCalendar,
  type CalendarField,
  type CalendarValues,
} from '../../lib/book-settings-desk';
import { WEEKDAY_NAMES } from '#shared/dates';
import { DeskRulesFrame } from './DeskRulesFrame';
import { HolidayList } from './HolidayList';
import { useDeskRules, type DeskRulesPanel } from './use-desk-rules';

const PANEL: DeskRulesPanel<CalendarValues, CalendarField> = {
  toValues: calendarToValues,
  validate: validateCalendar,
  body: calendarBody,
  fields: CALENDAR_FIELDS,
  notSaved: DESK_RULE_MESSAGES.calendarNotSaved,
};

const plainCheck = cx(checkRow(), css({ fontWeight: 'normal' }));

export function CalendarRules({ canSave }: { canSave: boolean }) {
  const { form, frame } = useDeskRules(PANEL, canSave);
  const days = form.values?.closed_weekdays ?? '';
  const daysError = form.errors.closed_weekdays;
  return (
    <>
      <DeskRulesFrame
        title="Calendar"
        intro="Days the library is closed. A due date or pickup deadline that falls on a closed day moves to the next open day."
        {...frame}
        saveLabel="Save calendar"
      >
        <fieldset aria-invalid={daysError ? true : undefined} aria-describedby={daysError ? 'closed-weekdays-error' : undefined} className={css({ border: 'none', p: '0', m: '0' })}>
          <legend className={text({ weight: 'semibold', size: 'sm' })}>Closed every week on</legend>
          <div className={css({ display: 'flex', flexWrap: 'wrap', columnGap: '5' })}>
            {WEEKDAY_NAMES.map((name, day) => (
              <label key={name} className={plainCheck}>
                <input
                  type="checkbox"
                  name="closed_weekdays"
                  value={day}
                  checked={isClosingDay(days, day)}
                  disabled={form.disabled}
                  onChange={() => form.setValue('closed_weekdays', toggleWeekday(days, day))}
                />
                {name}
              </label>
            ))}
          </div>
          {daysError && (
            <p id="closed-weekdays-error" className={text({ tone: 'danger', size: 'sm' })}>
              {daysError}
            </p>
          )}
        </fieldset>
        <label className={plainCheck}>
          <input
            type="checkbox"
            name="fines_count_closed_days"
            checked={form.values?.fines_count_closed_days === 'yes'}
            disabled={form.disabled}
            onChange={(event) => form.setValue('fines_count_closed_days', event.target.checked ? 'yes' : 'no')}
          />
          Overdue fines count the days the library is closed
        </label>
      </DeskRulesFrame>
      <HolidayList canSave={canSave} />
    </>
  );
}
