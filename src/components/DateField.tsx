/**
 * The one date field of the site: a text box in the library's date format (the `date_format`
 * setting: DD/MM/YYYY, MM/DD/YYYY or YYYY-MM-DD) and a "Choose date" button that opens a calendar.
 * The form holds ISO (`YYYY-MM-DD`), `''` while the text is not a whole date. The calendar (Ark UI's
 * date picker) loads on first use, so a page's code before interaction does not carry it.
 * Keyboard: type the date, or Alt+ArrowDown (or the button) opens the calendar; arrows move the
 * day, Enter picks, Esc closes and focus returns to where it was.
 */
import { useStore } from '@nanostores/react';
import { css, cx } from 'styled-system/css';
import { field as fieldRecipe, focusable, input } from 'styled-system/recipes';
import { $librarySettings } from '../stores/library-settings';
import { dateFormatOf } from '#shared/dates';
import { FieldShell } from './ui/FieldShell';
import { CalendarIcon } from './ui/icons';
import { lazyPart, useLazyPart } from './ui/lazy-part';
import { useDateField } from './use-date-field';

/** The props every form gives a date field (the shared contract). */
export interface DateFieldProps {
  label: string;
  /** ISO `YYYY-MM-DD`, or `''` for none. */
  value: string;
  /** Called with ISO, or `''` while the text is not a whole valid date. */
  onChange: (date: string) => void;
  /** Earliest and latest dates allowed (ISO). */
  min?: string | undefined;
  max?: string | undefined;
  required?: boolean | undefined;
  name?: string | undefined;
  id?: string | undefined;
  /** The form's message for this field; it wins over the field's own. */
  error?: string | undefined;
  disabled?: boolean | undefined;
  hint?: string | undefined;
}

const calendar = lazyPart(() => import('./DateCalendar'));
const preload = () => void calendar.load().catch(() => undefined);

const rootClass = css({ position: 'relative', w: 'full' });
const inputClass = cx(input(), css({ pr: '12' }));
const buttonClass = cx(focusable({ on: 'inset' }), fieldRecipe().controlButton);

/** A date field; see the module comment. */
export default function DateField({ label, value, onChange, min, max, required, name, id, error, disabled, hint }: DateFieldProps) {
  const format = dateFormatOf(useStore($librarySettings)?.date_format);
  const flow = useDateField({ value, onChange, error, format, min, max });
  const loaded = useLazyPart(calendar, 'first-use');
  const open = (opener: HTMLElement | null) => {
    preload();
    flow.openCalendar(opener);
  };
  return (
    <FieldShell label={label} helperText={hint} error={flow.error} required={required} disabled={disabled} id={id}>
      {(field) => (
        <div className={rootClass}>
          <div className={fieldRecipe().control}>
            <input
              ref={flow.inputRef}
              type="text"
              name={name}
              autoComplete="off"
              spellCheck={false}
              placeholder={format}
              className={inputClass}
              {...field}
              value={flow.text}
              onChange={(event) => flow.onText(event.target.value)}
              onBlur={flow.onBlur}
              onKeyDown={(event) => {
                if (!event.altKey || event.key !== 'ArrowDown') return;
                event.preventDefault();
                open(event.currentTarget);
              }}
            />
            <button
              type="button"
              className={buttonClass}
              aria-label="Choose date"
              aria-haspopup="grid"
              aria-expanded={flow.open}
              aria-controls={flow.open ? `${field.id}-calendar` : undefined}
              disabled={disabled}
              onPointerEnter={preload}
              onClick={(event) => (flow.open ? flow.closeCalendar(true) : open(event.currentTarget))}
            >
              <CalendarIcon aria-hidden="true" />
            </button>
          </div>
          {flow.open && loaded && (
            <loaded.DateCalendar
              id={`${field.id}-calendar`}
              value={value}
              min={min}
              max={max}
              onPick={flow.pick}
              onClose={flow.closeCalendar}
            />
          )}
        </div>
      )}
    </FieldShell>
  );
}
