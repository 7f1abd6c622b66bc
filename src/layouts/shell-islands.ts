/**
 * The dashboard shell's islands in one module, so the browser fetches one entry file for all of
 * them (each `<astro-island>` names its export) instead of one per island: over HTTP/1.1 every
 * file of a page's first load queues for one of six connections.
 */
export { default as AccessGuard } from '../islands/access-guard/AccessGuard';
export { default as MemberTopBar } from '../islands/member-top-bar/MemberTopBar';
export { default as Sidebar } from '../islands/sidebar/Sidebar';
export { default as StaffTopBar } from '../islands/staff-top-bar/StaffTopBar';
export { Toaster } from '../components/ui/Toaster';
