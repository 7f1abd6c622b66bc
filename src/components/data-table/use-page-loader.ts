/**
 * The one way a server-side table island loads its current page: only the latest request's
 * answer is kept (an answer arriving after a newer request is ignored), a page past the end (rows
 * gone, a stale link) goes back to page 1, and a failure leaves an error message and no rows.
 * The page reloads when `key` (the query) or any of `reloadOn` changes, or on `reload()`.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorStatus } from '../../lib/errors';

/** What a list call answers: one page of rows and the total count. */
export interface PageAnswer<Row> {
  results: Row[];
  count: number;
}

export interface PageLoader<Row> {
  page: { rows: Row[]; count: number } | null;
  loading: boolean;
  loadError: string | null;
  /** Loads the same page again (Retry, or after an action changed the rows). */
  reload: () => void;
}

export function usePageLoader<Row>(options: {
  /** Stands for the query: a change loads again. */
  key: string;
  load: () => Promise<PageAnswer<Row>>;
  /** The page number asked for; a 404 past page 1 calls `toFirstPage` instead of failing. */
  pageNumber: number;
  toFirstPage: () => void;
  errorMessage: (failure: unknown) => string;
  /** Other values whose change reloads (a store's version bumped after edits). */
  reloadOn?: readonly unknown[];
}): PageLoader<Row> {
  const { key, load, pageNumber, toFirstPage, errorMessage, reloadOn = [] } = options;
  const [page, setPage] = useState<{ rows: Row[]; count: number } | null>(null);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(0);
  // The latest callbacks, so a new closure each render does not reload by itself.
  const current = useRef({ load, pageNumber, toFirstPage, errorMessage });
  current.current = { load, pageNumber, toFirstPage, errorMessage };
  // The first page is asked for as the table first draws, not after: the island's children (the
  // filters' lists) would otherwise ask first, and a browser opens six connections to the API, two
  // per cross-origin call with its preflight. The first run of the effect takes this request.
  const first = useRef<{ key: string; answer: Promise<PageAnswer<Row>> | null } | null>(null);
  if (first.current === null) {
    const answer = load();
    answer.catch(() => undefined); // handled when the effect takes it
    first.current = { key, answer };
  }

  useEffect(() => {
    const request = ++latest.current;
    const { load: run, pageNumber: asked, toFirstPage: reset, errorMessage: describe } = current.current;
    setLoading(true);
    const started = first.current?.key === key ? first.current.answer : null;
    if (first.current) first.current.answer = null;
    (started ?? run())
      .then((answer) => {
        if (request !== latest.current) return;
        setPage({ rows: answer.results, count: answer.count });
        setLoadError(null);
        setLoading(false);
      })
      .catch((failure: unknown) => {
        if (request !== latest.current) return;
        if (errorStatus(failure) === 404 && asked > 1) {
          reset();
          return;
        }
        setLoadError(describe(failure));
        setLoading(false);
      });
    // `key` stands for the query that `load` reads; reloadOn are the caller's extra triggers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt, ...reloadOn]);

  useEffect(() => () => void latest.current++, []);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { page, loading, loadError, reload };
}
