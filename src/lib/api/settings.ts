/** Settings calls. */
import { http } from '../http';
import { parseAnswer } from '../schemas';
import { BookSettingsStruct, type BookSettings } from '../schemas/books';
import { HolidayStruct, HolidaysStruct, LibrarySettingsStruct, type Holiday, type LibrarySettings } from '../schemas/settings';
import { GeneralSettingsStruct, type GeneralSettings } from '../schemas/general-settings';
import { NotificationSettingsStruct, type NotificationSettings } from '../schemas/notification-settings';

/** `GET /settings/library/`: general settings; public, so the sign-in pages can show the name. */
export async function fetchLibrarySettings(): Promise<LibrarySettings> {
  return parseAnswer(await http.get('/settings/library/', { auth: false }), LibrarySettingsStruct);
}

/** `GET /settings/library/` with every field, for the settings screen (signed in, not cached). */
export async function fetchGeneralSettings(): Promise<GeneralSettings> {
  return parseAnswer(await http.get('/settings/library/'), GeneralSettingsStruct);
}

/** `PUT /settings/library/` as multipart (build the body with `generalSettingsFormData`). */
export async function updateGeneralSettings(body: FormData): Promise<GeneralSettings> {
  return parseAnswer(await http.put('/settings/library/', body), GeneralSettingsStruct);
}

/** `GET /settings/Books_settings/`. */
export async function fetchBookSettings(): Promise<BookSettings> {
  return parseAnswer(await http.get('/settings/Books_settings/'), BookSettingsStruct);
}

/** `POST /settings/Books_settings/` (JSON, the three loan rules; the accession settings when given). */
export async function saveBookSettings(body: {
  max_books_per_member: number;
  max_issue_duration: number;
  fine_per_day: string;
  accession_prefix?: string;
  accession_digits?: number;
  next_accession_number?: number;
  label_sheet?: string;
  block_fines_over?: string;
  block_overdue_count?: number | null;
  block_overdue_days?: number | null;
  block_membership_expired?: boolean;
  lost_processing_fee?: string;
  lost_found_action?: string;
  closed_weekdays?: number[];
  fines_count_closed_days?: boolean;
}): Promise<BookSettings> {
  return parseAnswer(await http.post('/settings/Books_settings/', body), BookSettingsStruct);
}

/** `GET /settings/holidays/`: the library's dated holidays, by date. */
export async function fetchHolidays(): Promise<Holiday[]> {
  return parseAnswer(await http.get('/settings/holidays/'), HolidaysStruct);
}

/** `POST /settings/holidays/` (`{date, name}`). */
export async function addHoliday(body: { date: string; name: string }): Promise<Holiday> {
  return parseAnswer(await http.post('/settings/holidays/', body), HolidayStruct);
}

/** `DELETE /settings/holidays/{id}/`. */
export async function removeHoliday(id: number | string): Promise<void> {
  await http.delete(`/settings/holidays/${id}/`);
}

/** `GET /settings/notifications/`: the scheduled numbers and every notice's toggle and wording. */
export async function fetchNotificationSettings(): Promise<NotificationSettings> {
  return parseAnswer(await http.get('/settings/notifications/'), NotificationSettingsStruct);
}

/** The body of `PUT /settings/notifications/` (any subset; notices by type). */
export interface NotificationSettingsBody {
  due_soon_days?: number;
  overdue_every_days?: number;
  overdue_max_times?: number;
  hold_pickup_days?: number;
  jobs_run_at?: string;
  notices?: { type: string; enabled?: boolean; subject?: string; body?: string }[];
}

/** `PUT /settings/notifications/` (JSON; build the body with `notificationSettingsBody`). */
export async function updateNotificationSettings(body: NotificationSettingsBody): Promise<NotificationSettings> {
  return parseAnswer(await http.put('/settings/notifications/', body), NotificationSettingsStruct);
}
