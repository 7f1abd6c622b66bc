/** Settings calls. */
import { http } from '../http';
import { parseAnswer } from '../schemas';
import { LibrarySettingsStruct, type LibrarySettings } from '../schemas/settings';

/** `GET /settings/library/`: general settings; public, so the sign-in pages can show the name. */
export async function fetchLibrarySettings(): Promise<LibrarySettings> {
  return parseAnswer(await http.get('/settings/library/', { auth: false }), LibrarySettingsStruct);
}
