/** Where in-app notices lead in the site (paths of `src/lib/routes.ts`). */
export const NOTICE_LINKS = {
  /** The member's dashboard: his loans and due dates. */
  loans: '/dashboard/member/home',
  /** The member's fines and receipts. */
  fines: '/dashboard/member/fines',
  /** The member's reserved books: what is held for him and where he waits. */
  reserved: '/dashboard/member/reserved',
} as const;
