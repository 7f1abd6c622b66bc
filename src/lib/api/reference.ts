/** Reference data: departments, categories, languages (staff) and the members' lists (registration form). */
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

/* Reference data. Staff lists: departments need view_department; categories and languages any signed-in user. */

export type ReferenceKind = 'department' | 'category' | 'language';

const REFERENCE_PATHS: Record<ReferenceKind, string> = {
  department: '/admin-departments/',
  category: '/categories/',
  language: '/language/',
};

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

/** `POST` a department, category or language (FormData for a category with an image). */
export async function createReference(kind: ReferenceKind, body: FormData | { name: string }): Promise<Category> {
  return parseAnswer(await http.post(REFERENCE_PATHS[kind], body), CategoryStruct);
}

/** `PATCH` a department, category or language. */
export async function updateReference(kind: ReferenceKind, id: Id, body: FormData | { name: string }): Promise<Category> {
  return parseAnswer(await http.patch(`${REFERENCE_PATHS[kind]}${seg(id)}/`, body), CategoryStruct);
}

/** `DELETE` a department, category or language (409 with a detail while books use it). */
export async function deleteReference(kind: ReferenceKind, id: Id): Promise<void> {
  await http.delete(`${REFERENCE_PATHS[kind]}${seg(id)}/`);
}
