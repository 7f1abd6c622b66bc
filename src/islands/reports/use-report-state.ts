/**
 * A report page's state kept in its URL (`src/lib/report-query.ts`): the query string is the
 * source, read into a state for the library's today (so presets follow the library's zone once
 * its settings arrive), written on every change (a history entry each, or `replace` for refining
 * ones such as typing on), and restored on back and forward.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReportDefinition } from '#shared/report-catalogue';
import { parseReportState, reportStateSearch, type ReportState } from '../../lib/report-query';

export type ReportStateUpdate = (change: (state: ReportState) => ReportState, mode?: 'push' | 'replace') => void;

export function useReportState(report: ReportDefinition, today: string): readonly [ReportState, ReportStateUpdate] {
  const [search, setSearch] = useState(() => window.location.search);
  const state = useMemo(() => parseReportState(report, new URLSearchParams(search), today), [report, search, today]);
  const current = useRef(state);
  current.current = state;

  useEffect(() => {
    const restore = () => setSearch(window.location.search);
    window.addEventListener('popstate', restore);
    return () => window.removeEventListener('popstate', restore);
  }, []);

  const update = useCallback<ReportStateUpdate>(
    (change, mode = 'push') => {
      const next = change(current.current);
      current.current = next;
      const query = reportStateSearch(report, next);
      setSearch(query);
      if (query === window.location.search) return;
      const url = `${window.location.pathname}${query}${window.location.hash}`;
      if (mode === 'replace') window.history.replaceState(window.history.state, '', url);
      else window.history.pushState(window.history.state, '', url);
    },
    [report],
  );

  return [state, update] as const;
}
