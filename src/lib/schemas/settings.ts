/** General settings (`GET /settings/library/`); only the fields the site reads are checked. */
import { array, boolean, nullable, number, optional, string, type, union, type Infer } from 'superstruct';
import { IdStruct } from '#shared/schemas/common';
import { UploadLimitsStruct } from './general-settings';

export const LibrarySettingsStruct = type({
  library_name: optional(nullable(string())),
  logo: optional(nullable(string())),
  favicon: optional(nullable(string())),
  theme: optional(nullable(string())),
  fine_per_day: optional(nullable(union([string(), number()]))),
  timezone: optional(nullable(string())),
  date_format: optional(nullable(string())),
  time_format: optional(nullable(string())),
  upload_limits: optional(nullable(UploadLimitsStruct)),
  /** The library's calendar (closing weekdays, 0 = Sunday; holidays from a month ago to two years ahead) for due dates and fines. */
  calendar: optional(nullable(type({ closed_weekdays: array(number()), holidays: array(string()) }))),
  fines_count_closed_days: optional(nullable(boolean())),
  lost_processing_fee: optional(nullable(union([string(), number()]))),
});

export type LibrarySettings = Infer<typeof LibrarySettingsStruct>;

/** One dated holiday (`GET /settings/holidays/`). */
export const HolidayStruct = type({ id: IdStruct, date: string(), name: string() });
export type Holiday = Infer<typeof HolidayStruct>;
export const HolidaysStruct = array(HolidayStruct);
