/** General settings (`GET /settings/library/`); only the fields the site reads are checked. */
import { nullable, number, optional, string, type, union, type Infer } from 'superstruct';
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
});

export type LibrarySettings = Infer<typeof LibrarySettingsStruct>;
