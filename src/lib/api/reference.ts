/** Reference data: departments, categories, languages, academic sessions (staff) and the members' lists (registration form). */
import { array } from 'superstruct';
import { http } from '../http';
import { parseAnswer } from '../schemas';
import { CategoryStruct, NamedRefStruct, type Category, type NamedRef } from '../schemas/books';
import { AcademicSessionStruct, DepartmentStruct, type AcademicSession, type Department } from '../schemas/reference';

type Id = string | number;
const seg = (id: Id): string => encodeURIComponent(String(id));

/** `GET /member-departments/`. */
export async function fetchMemberDepartments(): Promise<Department[]> {
  return parseAnswer(await http.get('/member-departments/', { auth: false }), array(DepartmentStruct));
}

/** `GET /member-sessions/`. */
export async function fetchMemberSessions(): Promise<AcademicSession[]> {
  return parseAnswer(await http.get('/member-sessions/', { auth: false }), array(AcademicSessionStruct));
}

/* Reference data. Staff lists: departments need view_department, sessions view_sessionsettings; categories and languages any signed-in user. */

export type ReferenceKind = 'department' | 'category' | 'language' | 'session';

const REFERENCE_PATHS: Record<ReferenceKind, string> = {
  department: '/admin-departments/',
  category: '/categories/',
  language: '/language/',
  session: '/admin-sessions/',
};

/* Sessions name themselves by `session_range` ("2024-2028"); the settings panels read every kind as `{id, name}`. */
const sessionAsNamed = (session: AcademicSession): Category => ({ id: session.id, name: session.session_range ?? '' });
const namedAnswer = (kind: ReferenceKind, data: unknown): Category =>
  kind === 'session' ? sessionAsNamed(parseAnswer(data, AcademicSessionStruct)) : parseAnswer(data, CategoryStruct);
const namedBody = (kind: ReferenceKind, body: FormData | { name: string }): FormData | Record<string, string> =>
  kind === 'session' && !(body instanceof FormData) ? { session_range: body.name } : body;

/** `GET /admin-sessions/` (staff, view_sessionsettings), each session named by its range. Members use `fetchMemberSessions` (public). */
export async function fetchAdminSessions(): Promise<Category[]> {
  return parseAnswer(await http.get(REFERENCE_PATHS.session), array(AcademicSessionStruct)).map(sessionAsNamed);
}

/** `GET /admin-departments/` (staff). Members use `fetchMemberDepartments` (public). */
export async function fetchDepartments(): Promise<NamedRef[]> {
  return parseAnswer(await http.get(REFERENCE_PATHS.department), array(NamedRefStruct));
}

/** `GET /categories/`. */
export async function fetchCategories(): Promise<Category[]> {
  return parseAnswer(await http.get(REFERENCE_PATHS.category), array(CategoryStruct));
}

/** `GET /language/`. */
export async function fetchLanguages(): Promise<NamedRef[]> {
  return parseAnswer(await http.get(REFERENCE_PATHS.language), array(NamedRefStruct));
}

/** `POST` a department, category, language or session (FormData for a category with an image). */
export async function createReference(kind: ReferenceKind, body: FormData | { name: string }): Promise<Category> {
  return namedAnswer(kind, await http.post(REFERENCE_PATHS[kind], namedBody(kind, body)));
}

/** `PATCH` a department, category, language or session. */
export async function updateReference(kind: ReferenceKind, id: Id, body: FormData | { name: string }): Promise<Category> {
  return namedAnswer(kind, await http.patch(`${REFERENCE_PATHS[kind]}${seg(id)}/`, namedBody(kind, body)));
}

/** `DELETE` a department, category, language or session (409 with a detail while books or members use it). */
export async function deleteReference(kind: ReferenceKind, id: Id): Promise<void> {
  await http.delete(`${REFERENCE_PATHS[kind]}${seg(id)}/`);
}
