/** Every field of the general settings (`LibrarySettings` of docs/API.md), for the settings screen. */
import { nullable, number, optional, string, type, union, type Infer } from 'superstruct';
import { IdStruct } from '#shared/schemas/common';

const NumberLike = union([number(), string()]);

/** `upload_limits`: largest upload per kind in bytes (read with `uploadLimitsFrom`, which fills gaps with defaults). */
export const UploadLimitsStruct = type({
  image: optional(number()),
  cover: optional(number()),
  ebook: optional(number()),
  csv: optional(number()),
});

/** `GET` and `PUT /settings/library/`: the whole record; unknown fields are kept. */
export const GeneralSettingsStruct = type({
  id: optional(IdStruct),
  library_name: optional(nullable(string())),
  logo: optional(nullable(string())),
  favicon: optional(nullable(string())),
  theme: optional(nullable(string())),
  timezone: optional(nullable(string())),
  date_format: optional(nullable(string())),
  time_format: optional(nullable(string())),
  fine_per_day: optional(nullable(NumberLike)),
  max_books_per_member: optional(nullable(NumberLike)),
  max_issue_duration: optional(nullable(NumberLike)),
  low_stock_threshold: optional(nullable(NumberLike)),
  rack_number_format: optional(nullable(string())),
  member_id_format: optional(nullable(string())),
  upload_limits: optional(nullable(UploadLimitsStruct)),
});

export type GeneralSettings = Infer<typeof GeneralSettingsStruct>;
