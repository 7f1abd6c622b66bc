/**
 * The library's dated holidays (`/settings/holidays/`): the list by date with Remove, and a form to
 * add one (date and name). Days listed here are closed like the weekly closing days. Changing the
 * list needs change_librarysettings.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { Panel, stack } from '../../components/Panel';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { LoadingState } from '../../components/ui/Spinner';
import { TextField } from '../../components/ui/TextField';
import DateField from '../../components/DateField';
import { dateBinding } from '../../components/use-date-field';
import { useForm } from '../../components/use-form';
import { addHoliday, fetchHolidays, removeHoliday } from '../../lib/api/settings';
import { DESK_RULE_MESSAGES, HOLIDAY_FIELDS, holidayBody, validateHoliday, type HolidayField, type HolidayValues } from '../../lib/book-settings-desk';
import { errorMessage, firstFieldError } from '../../lib/errors';
import { summaryOr } from '../../lib/forms';
import type { Holiday } from '../../lib/schemas/settings';
import { formatDate } from '#shared/dates';
import { $librarySettings } from '../../stores/library-settings';

const EMPTY: HolidayValues = { date: '', name: '' };
const list = css({ display: 'flex', flexDirection: 'column', listStyle: 'none', p: '0', m: '0', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md' });
const item = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3', px: '3', py: '2', '&:not(:last-child)': { borderBottomWidth: '1px', borderColor: 'border.default' } });
const when = css({ fontVariantNumeric: 'tabular-nums', fontWeight: 'semibold', minW: '6.5rem' });
const what = css({ flex: '1', minW: '8rem', overflowWrap: 'anywhere' });
const byDate = (list: readonly Holiday[]): Holiday[] => [...list].sort((a, b) => a.date.localeCompare(b.date));

export function HolidayList({ canSave }: { canSave: boolean }) {
  const dateFormat = useStore($librarySettings)?.date_format;
  const [holidays, setHolidays] = useState<Holiday[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const form = useForm<HolidayValues, HolidayField>({ initial: EMPTY, canSave });

  useEffect(() => {
    fetchHolidays()
      .then((list) => setHolidays(byDate(list)))
      .catch((error: unknown) => setProblem(errorMessage(error, ['detail'], DESK_RULE_MESSAGES.holidaysNotLoaded)));
  }, []);

  const add = (event: FormEvent<HTMLFormElement>) =>
    form.submit(event, {
      validate: (values) => validateHoliday(values, holidays ?? []),
      send: async (values) => {
        const added = await addHoliday(holidayBody(values));
        setHolidays((list) => byDate([...(list ?? []), added]));
        form.reset(EMPTY);
      },
      fields: HOLIDAY_FIELDS,
      summary: (failure, shown) => summaryOr(errorMessage(failure, ['detail', 'non_field_errors'], ''), shown, DESK_RULE_MESSAGES.holidayNotAdded),
    });

  async function remove(holiday: Holiday) {
    setRemoving(String(holiday.id));
    setProblem(null);
    try {
      await removeHoliday(holiday.id);
      setHolidays((list) => (list ?? []).filter((item) => item.id !== holiday.id));
    } catch (error) {
      setProblem(errorMessage(error, ['detail'], firstFieldError(error, DESK_RULE_MESSAGES.holidayNotRemoved)));
    } finally {
      setRemoving(null);
    }
  }

  return (
    <Panel title="Holidays" intro="Dated closures (public holidays, a term break). Due dates and pickup deadlines skip them.">
      <div className={stack}>
        {problem && <Alert tone="error">{problem}</Alert>}
        {holidays === null && !problem && <LoadingState text="Loading..." />}
        {holidays && holidays.length === 0 && <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>No holidays are set.</p>}
        {holidays && holidays.length > 0 && (
          <ul aria-label="Holidays" className={list}>
            {holidays.map((holiday) => (
              <li key={String(holiday.id)} className={item}>
                <span className={when}>{formatDate(holiday.date, dateFormat) ?? holiday.date}</span>
                <span className={what}>{holiday.name}</span>
                {canSave && (
                  <Button variant="outline" size="sm" loading={removing === String(holiday.id)} onClick={() => void remove(holiday)} aria-label={`Remove the holiday ${holiday.name}`}>
                    Remove
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {canSave && (
          <form ref={form.formRef} onSubmit={add} noValidate aria-label="Add a holiday" className={stack}>
            {form.summary && <Alert tone="error">{form.summary}</Alert>}
            <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '12rem minmax(0, 1fr) auto' }, gap: '4', alignItems: 'start' })}>
              <DateField label="Holiday date" required {...dateBinding(form.bind('date'))} />
              <TextField label="Holiday name" required maxLength={120} {...form.bind('name')} />
              <Button type="submit" loading={form.saving} loadingText="Adding..." className={css({ mt: { md: '6' } })}>
                Add holiday
              </Button>
            </div>
          </form>
        )}
      </div>
    </Panel>
  );
}
