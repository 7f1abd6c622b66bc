/** The staff home's period, kept in the URL (`?period=`): a history entry per change, restored on Back. */
import { useCallback, useEffect, useState } from 'react';
import { periodFromSearch, searchWithPeriod, type DashboardPeriod } from '../../lib/staff-home';

export function usePeriod(): [DashboardPeriod, (period: DashboardPeriod) => void] {
  const [period, setPeriod] = useState(() => periodFromSearch(window.location.search));
  useEffect(() => {
    const restore = () => setPeriod(periodFromSearch(window.location.search));
    window.addEventListener('popstate', restore);
    return () => window.removeEventListener('popstate', restore);
  }, []);
  const choose = useCallback((next: DashboardPeriod) => {
    setPeriod(next);
    const url = `${window.location.pathname}${searchWithPeriod(window.location.search, next)}${window.location.hash}`;
    window.history.pushState(window.history.state, '', url);
  }, []);
  return [period, choose];
}
