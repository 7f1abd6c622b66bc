/**
 * The state of one date field (see lib/date-field for the rules): the text as typed, whether its
 * own problem shows yet, and the calendar's open state. A field whose text is not a date stops its
 * form from being sent: the submit is caught on the form itself,
 * before the form's own handler, the problem shows and focus goes to the field, so a nonsense date
 * never travels as "no date".
 */
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { dateFieldText, problemShown, readDateField, shownDateError, syncedText, type DateFieldRules } from '../lib/date-field';

/** What the field is given by its form. */
export interface DateFieldFlowProps extends DateFieldRules {
  value: string;
  onChange: (date: string) => void;
  error?: string | undefined;
}

/** The field's flow; see the module comment. */
export function useDateField({ value, onChange, error, format, min, max }: DateFieldFlowProps) {
  const [text, setText] = useState(() => dateFieldText(value, format));
  const [left, setLeft] = useState(false);
  const [tried, setTried] = useState(false);
  const [open, setOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  /** What had focus when the calendar opened (the button or the text box): focus goes back there. */
  const openerRef = useRef<HTMLElement | null>(null);
  const [seen, setSeen] = useState({ value, format });
  if (seen.value !== value || seen.format !== format) {
    // The form's value changed (a pick, a reset, a date moved with another): show it unless the text
    // already says it. The library's format arriving after the first paint rewrites the date in it.
    setText(seen.format !== format ? dateFieldText(value, format) : syncedText(text, value, format));
    setSeen({ value, format });
  }
  const reading = readDateField(text, { format, min, max });
  // Only text that is no date stops the form; a date outside the bounds is the form's (or the server's) to refuse.
  const notADate = useRef(false);
  notADate.current = reading.date === '' && reading.problem !== null;

  useEffect(() => {
    const form = inputRef.current?.form;
    if (!form) return undefined;
    const holdBack = (event: Event) => {
      setTried(true);
      if (!notADate.current) return;
      event.preventDefault();
      event.stopPropagation();
      inputRef.current?.focus();
    };
    form.addEventListener('submit', holdBack);
    return () => form.removeEventListener('submit', holdBack);
  }, []);

  const type = (next: string) => {
    setText(next);
    const date = readDateField(next, { format, min, max }).date;
    if (date !== value) onChange(date);
  };

  const openCalendar = (opener: HTMLElement | null) => {
    openerRef.current = opener;
    setOpen(true);
  };

  const closeCalendar = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) requestAnimationFrame(() => (openerRef.current ?? inputRef.current)?.focus());
  };

  const pick = (date: string) => {
    setText(dateFieldText(date, format));
    setLeft(true);
    if (date !== value) onChange(date);
    closeCalendar(true);
  };

  return {
    text,
    inputRef,
    open,
    error: shownDateError({ formError: error, problem: reading.problem, shown: problemShown({ left, tried, date: reading.date }), value }),
    onText: type,
    /** Leaving the field shows its problem and writes a good date out in full (1/2/2026 → 01/02/2026). */
    onBlur: () => {
      setLeft(true);
      if (reading.date) setText(dateFieldText(reading.date, format));
    },
    openCalendar,
    closeCalendar,
    pick,
  };
}

/** What the one form hook's `bind` gives a text input (its change handler reads only `target.value`). */
interface TextBinding {
  name: string;
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/** A form hook's text binding as a date field's props: the field hands over ISO, not an event. */
export function dateBinding({ onChange, ...bound }: TextBinding) {
  return { ...bound, onChange: (date: string) => onChange({ target: { value: date } } as unknown as ChangeEvent<HTMLInputElement>) };
}
