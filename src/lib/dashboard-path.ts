/** Links the server hands over to dashboard screens (in its own module: sign-in pages load url.ts and need none of this). */
/**
 * A dashboard path handed by the server (a staff home card's `href` such as `members/pending` or
 * `books/record?status=LOST`, a notice's link) as a link under /dashboard/; null when there is
 * none or it is not a dashboard path (an address elsewhere, `..`).
 */
export function dashboardPath(href: string | null | undefined): string | null {
  if (!href) return null;
  const path = href.trim().replace(/^\/+/, '').replace(/^dashboard(\/|$)/, '');
  if (!path || /^[a-z][a-z0-9+.-]*:/i.test(path) || path.includes('\\') || path.split(/[/?#]/)[0] === '..' || path.includes('/../')) return null;
  return `/dashboard/${path}`;
}
