/** A date in the library's date format (the `date_format` setting), for tables whose columns are fixed at load and cannot be handed the setting. */
import { useStore } from '@nanostores/react';
import { formatDate } from '#shared/dates';
import { $librarySettings } from '../stores/library-settings';

/** `value` is a `YYYY-MM-DD` (a timestamp is cut to its date). */
export function LibraryDate({ value }: { value: string }) {
  const format = useStore($librarySettings)?.date_format;
  return <>{formatDate(value, format) ?? value}</>;
}
