/**
 * A search picker's search: what was typed is searched after a short pause, and only the newest
 * search may answer (an older answer arriving late changes nothing).
 */
import { useEffect, useRef, useState } from 'react';
import { callErrorMessage, type CallName } from '../../lib/errors';
import { PICKER_DEBOUNCE_MS, searchTerm, type PickerSearch } from '../../lib/search-picker';

/** The search state for `typed`. */
export function usePickerSearch<T>(typed: string, search: (term: string) => Promise<T[]>, errorCall: CallName): PickerSearch<T> {
  const [state, setState] = useState<PickerSearch<T>>({ status: 'idle' });
  const ticket = useRef(0);
  useEffect(() => {
    const term = searchTerm(typed);
    const mine = ++ticket.current;
    if (term === null) {
      setState({ status: 'idle' });
      return;
    }
    setState({ status: 'searching', term });
    const timer = window.setTimeout(() => {
      search(term)
        .then((found) => {
          if (mine === ticket.current) setState({ status: 'ready', term, found });
        })
        .catch((failure: unknown) => {
          if (mine === ticket.current) setState({ status: 'failed', message: callErrorMessage(errorCall, failure) });
        });
    }, PICKER_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [typed, search, errorCall]);
  return state;
}
