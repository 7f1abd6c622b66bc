/**
 * Departments and academic sessions as select options, for the registration form and the member
 * profile. Each list is null until it loads and stays null when it cannot be loaded (callers hide
 * or empty the select).
 */
import { useEffect, useState } from 'react';
import { fetchMemberDepartments, fetchMemberSessions } from '../lib/api/reference';
import type { SelectOption } from './ui/SelectField';

export function useReferenceOptions(enabled: boolean): { departments: SelectOption[] | null; sessions: SelectOption[] | null } {
  const [departments, setDepartments] = useState<SelectOption[] | null>(null);
  const [sessions, setSessions] = useState<SelectOption[] | null>(null);
  useEffect(() => {
    if (!enabled) return;
    fetchMemberDepartments()
      .then((rows) => setDepartments(rows.map((row) => ({ value: String(row.id), label: row.name }))))
      .catch((error: unknown) => console.warn('Departments could not be loaded', error));
    fetchMemberSessions()
      .then((rows) => setSessions(rows.map((row) => ({ value: String(row.id), label: row.session_range || `Session ${row.id}` }))))
      .catch((error: unknown) => console.warn('Academic sessions could not be loaded', error));
  }, [enabled]);
  return { departments, sessions };
}
