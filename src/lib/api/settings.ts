/** Settings calls. */
import { http } from '../http';
import { parseAnswer } from '../schemas';
import { BookSettingsStruct, type BookSettings } from '../schemas/books';
import { LibrarySettingsStruct, type LibrarySettings } from '../schemas/settings';
import { GeneralSettingsStruct, type GeneralSettings } from '../schemas/general-settings';

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

/** `POST /settings/Books_settings/` (JSON, all three fields). */
export async function saveBookSettings(body: { max_books_per_member: number; max_issue_duration: number; fine_per_day: string }): Promise<BookSettings> {
  return parseAnswer(await http.post('/settings/Books_settings/', body), BookSettingsStruct);
}
