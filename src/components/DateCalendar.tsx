/**
 * The date field's calendar, on Ark UI's date picker drawn inline in a panel under the field. It
 * is loaded only when a date field first opens its calendar. Focus goes to the chosen (or today's)
 * day; arrows move the day, Page Up/Down the month, Enter picks; Esc (caught before any dialog
 * around it sees it) and a click outside close it.
 */
import {
  DatePicker,
  parseDate,
  type DateValue,
} from "@ark-ui/react/date-picker";
import {
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
} from "react";
import {
  dayClass,
  headClass,
  navClass,
  panelClass,
  placeUnder,
  tableClass,
} from "./date-calendar-look";
import { ChevronLeftIcon, ChevronRightIcon } from "./ui/icons";

export interface DateCalendarProps {
  id: string;
  /** The field's date (ISO), or `''`: the calendar starts on today's month. */
  value: string;
  min?: string | undefined;
  max?: string | undefined;
  onPick: (date: string) => void;
  /** Closes the calendar; `true` sends focus back to where it was opened from. */
  onClose: (returnFocus: boolean) => void;
}

const asDate = (iso: string | undefined): DateValue | undefined => {
  if (!iso) return undefined;
  try {
    return parseDate(iso);
  } catch {
    return undefined;
  }
};

/** The calendar panel; see the module comment. */
export function DateCalendar({
  id,
  value,
  min,
  max,
  onPick,
  onClose,
}: DateCalendarProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  // The same objects from render to render: a new value each time would put the picker's focused day back on it.
  const selected = useMemo(() => {
    const date = asDate(value);
    return date ? [date] : [];
  }, [value]);
  const earliest = useMemo(() => asDate(min), [min]);
  const latest = useMemo(() => asDate(max), [max]);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const [place, setPlace] = useState<CSSProperties>({ visibility: "hidden" });

  useLayoutEffect(() => {
    const panel = panelRef.current;
    const field = panel?.parentElement;
    if (!panel || !field) return undefined;
    const follow = () => setPlace(placeUnder(field, panel));
    follow();
    window.addEventListener("resize", follow);
    window.addEventListener("scroll", follow, true);
    return () => {
      window.removeEventListener("resize", follow);
      window.removeEventListener("scroll", follow, true);
    };
  }, []);

  const placed = place.visibility !== "hidden";
  useEffect(() => {
    // Once placed (a hidden panel takes no focus): the chosen day, else today, has the grid's one tab stop.
    if (placed)
      panelRef.current
        ?.querySelector<HTMLElement>(
          '[data-part="table-cell-trigger"][tabindex="0"]',
        )
        ?.focus();
  }, [placed]);

  useEffect(() => {
    const panel = panelRef.current;
    const escape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      // Ahead of a dialog's own Escape (it listens on the document): only the calendar closes.
      event.stopPropagation();
      event.preventDefault();
      closeRef.current(true);
    };
    const outside = (event: PointerEvent) => {
      const target = event.target as Node | null;
      const field = panel?.parentElement;
      if (target && field && !field.contains(target)) closeRef.current(false);
    };
    window.addEventListener("keydown", escape, true);
    document.addEventListener("pointerdown", outside, true);
    return () => {
      window.removeEventListener("keydown", escape, true);
      document.removeEventListener("pointerdown", outside, true);
    };
  }, []);

  return (
    <div
      ref={panelRef}
      id={id}
      role="group"
      aria-label="Calendar"
      className={panelClass}
      style={place}
    >
      <DatePicker.Root
        inline
        locale="en-GB"
        value={selected}
        min={earliest}
        max={latest}
        onValueChange={(details) => {
          const date = details.value[0];
          if (date) onPick(date.toString());
        }}
      >
        {/* The picker looks for the focused day inside its content: arrows move focus only there. */}
        <DatePicker.Content>
          <DatePicker.View view="day">
            <DatePicker.Context>
              {(picker) => (
                <>
                  <DatePicker.ViewControl className={headClass}>
                    <DatePicker.PrevTrigger
                      className={navClass}
                      aria-label="Previous month"
                    >
                      <ChevronLeftIcon aria-hidden="true" />
                    </DatePicker.PrevTrigger>
                    <DatePicker.RangeText />
                    <DatePicker.NextTrigger
                      className={navClass}
                      aria-label="Next month"
                    >
                      <ChevronRightIcon aria-hidden="true" />
                    </DatePicker.NextTrigger>
                  </DatePicker.ViewControl>
                  <DatePicker.Table className={tableClass}>
                    <DatePicker.TableHead>
                      <DatePicker.TableRow>
                        {picker.weekDays.map((weekDay) => (
                          <DatePicker.TableHeader
                            key={weekDay.long}
                            abbr={weekDay.long}
                          >
                            {weekDay.short}
                          </DatePicker.TableHeader>
                        ))}
                      </DatePicker.TableRow>
                    </DatePicker.TableHead>
                    <DatePicker.TableBody>
                      {picker.weeks.map((week) => (
                        <DatePicker.TableRow key={week[0]?.toString()}>
                          {week.map((day) => (
                            <DatePicker.TableCell
                              key={day.toString()}
                              value={day}
                            >
                              <DatePicker.TableCellTrigger className={dayClass}>
                                {day.day}
                              </DatePicker.TableCellTrigger>
                            </DatePicker.TableCell>
                          ))}
                        </DatePicker.TableRow>
                      ))}
                    </DatePicker.TableBody>
                  </DatePicker.Table>
                </>
              )}
            </DatePicker.Context>
          </DatePicker.View>
        </DatePicker.Content>
      </DatePicker.Root>
    </div>
  );
}
