/** Reference data offered on the registration form. */
import { nullable, optional, string, type, type Infer } from 'superstruct';
import { IdStruct } from '#shared/schemas/common';

/** `GET /member-departments/` entries. */
export const DepartmentStruct = type({ id: IdStruct, name: string() });

export type Department = Infer<typeof DepartmentStruct>;

/** `GET /member-sessions/` entries: an academic session such as "2023-2027". */
export const AcademicSessionStruct = type({ id: IdStruct, session_range: optional(nullable(string())) });

export type AcademicSession = Infer<typeof AcademicSessionStruct>;
