/** The library's way of writing a moment (its zone, date and time formats), for the verification screens. */
import { useStore } from '@nanostores/react';
import { useCallback } from 'react';
import { momentText } from '#shared/dates';
import { $librarySettings } from '../../stores/library-settings';

/** A function that writes an ISO moment in the library's formats ('' for none). */
export function useMoment(): (iso: string | null | undefined) => string {
  const settings = useStore($librarySettings);
  const timezone = settings?.timezone;
  const dateFormat = settings?.date_format;
  const timeFormat = settings?.time_format;
  return useCallback((iso) => (iso ? momentText(iso, { timezone, date_format: dateFormat, time_format: timeFormat }) : ''), [timezone, dateFormat, timeFormat]);
}
