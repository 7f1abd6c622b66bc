import { pathFor } from '#shared/routes';

/** Where in-app notices lead in the site: paths of the route table (`src/lib/routes.ts`). */
export const NOTICE_LINKS = {
  /** The member's dashboard: his loans and due dates. */
  loans: pathFor('member-home'),
  /** The member's fines and receipts. */
  fines: pathFor('member-fines'),
  /** The member's reserved books: what is held for him and where he waits. */
  reserved: pathFor('member-reserved'),
} as const;
