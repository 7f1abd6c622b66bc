/**
 * What the member islands share on a page: a version number bumped whenever members were added
 * (the member form, a bulk upload) so the Member List and other member lists reload.
 */
import { atom } from 'nanostores';

/** Bumped whenever members changed; member lists reload when it changes. */
export const $membersVersion = atom(0);

/** Tells every member list on the page that members changed. */
export function membersChanged(): void {
  $membersVersion.set($membersVersion.get() + 1);
}
