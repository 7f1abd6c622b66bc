/** Reference data for members (registration form). */
import { array } from 'superstruct';
import { http } from '../http';
import { parseAnswer } from '../schemas';
import { AcademicSessionStruct, DepartmentStruct, type AcademicSession, type Department } from '../schemas/reference';

/** `GET /member-departments/`. */
export async function fetchMemberDepartments(): Promise<Department[]> {
  return parseAnswer(await http.get('/member-departments/', { auth: false }), array(DepartmentStruct));
}

/** `GET /member-sessions/`. */
export async function fetchMemberSessions(): Promise<AcademicSession[]> {
  return parseAnswer(await http.get('/member-sessions/', { auth: false }), array(AcademicSessionStruct));
}
