/**
 * Which sections of the staff home (its charts and tables) a reader sees. Each section shows the
 * data of one list of the site (loans, fines, members), so it is for those who may open that
 * list's page: the permission is the route table's (routes.ts), never a code written here. The
 * server answers only these sections and the site draws only these; both ask this module, so the
 * fines chart and the top defaulters (money) reach only holders of the fines pages' code.
 */
import { route } from './routes.js';

/** Each section of the staff home, in the answer's order, and the route id of the list it reads. */
export const DASHBOARD_SECTIONS = {
  circulation: 'book-issue',
  fines: 'book-fines',
  registrations: 'member-list',
  recent_issues: 'book-issue',
  newest_members: 'member-list',
  top_defaulters: 'book-fines',
} as const;

export type DashboardSection = keyof typeof DASHBOARD_SECTIONS;

/** The sections a reader sees, in order: `holds` answers for his permissions (a SUPER USER's accepts all). */
export function sectionsFor(holds: (permission: string) => boolean): DashboardSection[] {
  return (Object.keys(DASHBOARD_SECTIONS) as DashboardSection[]).filter((section) => {
    const permission = route(DASHBOARD_SECTIONS[section]).permission;
    return !permission || holds(permission);
  });
}
