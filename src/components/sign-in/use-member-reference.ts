/**
 * The registration form's optional department and session lists, loaded after the first paint
 * (when the browser is idle): the reference store brings the HTTP client and the API schemas,
 * which the form itself needs only on submit.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { useEffect, useState } from 'react';
import type { AcademicSession, Department } from '../../lib/schemas/reference';
import type { ReferenceList } from '../../stores/reference';
import type { SelectOption } from '../ui/SelectField';
import { referenceOptions, sessionLabel, useReferenceList } from '../use-reference-list';

interface MemberLists {
  departments: ReadableAtom<ReferenceList<Department>>;
  sessions: ReadableAtom<ReferenceList<AcademicSession>>;
}

// Stands in for a list until the store has loaded; never written.
const notYet = atom<ReferenceList<never>>({ status: 'loading' });

/** Waits for an idle moment (or a short delay where the browser has no idle callback). */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(run, 200);
  return () => window.clearTimeout(timer);
}

/** The member departments and sessions as select options; null while loading, failed or not `enabled`. */
export function useMemberReference(enabled: boolean): { departments: SelectOption[] | null; sessions: SelectOption[] | null } {
  const [lists, setLists] = useState<MemberLists | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const cancel = whenIdle(() => {
      void import('../../stores/reference').then(({ $memberDepartments, $memberSessions }) => {
        if (live) setLists({ departments: $memberDepartments, sessions: $memberSessions });
      });
    });
    return () => {
      live = false;
      cancel();
    };
  }, [enabled]);
  const on = enabled && lists !== null;
  const departments = useReferenceList<Department>(lists?.departments ?? notYet, on);
  const sessions = useReferenceList<AcademicSession>(lists?.sessions ?? notYet, on);
  return { departments: referenceOptions(departments), sessions: referenceOptions(sessions, sessionLabel) };
}
