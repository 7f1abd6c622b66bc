/** Settings calls. */
import { http } from '../http';
import { parseAnswer } from '../schemas';
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
