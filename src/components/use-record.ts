/**
 * The one way a detail page loads its record (`lib/record-load`): on mount, again on `reload()` or
 * when a value of `reloadOn` changes. A reload keeps the page on screen: only the first load (or
 * Try again after a failure) shows 'Loading...', and an answer arriving after a newer request is
 * dropped. `refresh()` is for facts that changed beside the page: a failed call keeps the record.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { loadRecord, refreshed, type RecordLoad } from '../lib/record-load';

export function useRecord<T>(id: string, fetch: (id: string) => Promise<T>, errorText: (failure: unknown) => string, reloadOn: readonly unknown[] = []) {
  const [state, setState] = useState<RecordLoad<T>>({ kind: 'loading' });
  const latest = useRef(0);
  const calls = useRef({ fetch, errorText });
  calls.current = { fetch, errorText };

  const run = useCallback(
    async (keepOnFailure: boolean) => {
      const request = ++latest.current;
      setState((shown) => (shown.kind === 'ready' ? shown : { kind: 'loading' }));
      const next = await loadRecord(id, calls.current.fetch, calls.current.errorText);
      if (request === latest.current) setState((shown) => (keepOnFailure ? refreshed(shown, next) : next));
    },
    [id],
  );

  useEffect(() => {
    void run(false);
  }, [run, ...reloadOn]);

  return { state, reload: () => run(false), refresh: () => run(true) };
}
