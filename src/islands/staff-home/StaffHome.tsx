/**
 * The staff home (`/dashboard`, view_dashboard_summary): the figures as cards leading to their
 * lists (only those whose list the user may open, `cardsFor`), a Day / Week / Month switch (in the
 * URL) for the three charts (circulation, fines, registrations), and three short lists (recent
 * issues, newest members, top defaulters), all from one call. A chart or list shows only to those
 * who may open the list it reads (`sectionsShown`: no money for staff without the fines pages).
 * While another period loads the old figures stay, dimmed. Staff without the permission are
 * welcomed instead (the home is every staff user's landing page).
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { ReportChart } from '../../components/charts/ReportChart';
import { FigureCards, FigureCardsSkeleton } from '../../components/home/FigureCards';
import { HomeHeader } from '../../components/home/HomeHeader';
import { skeleton } from '../../components/home/figure-styles';
import { page, twoColumns } from '../../components/home/styles';
import { TableLoadProblem } from '../../components/data-table/TableLoadProblem';
import { LoadProblem } from '../../components/LoadProblem';
import { Panel } from '../../components/Panel';
import { WelcomePanel } from '../../components/WelcomePanel';
import { LoadingState } from '../../components/ui/Spinner';
import { fetchDashboardSummary } from '../../lib/api/reports';
import { callErrorMessage } from '../../lib/errors';
import { holdsPermission } from '../../lib/permissions';
import { cardFigure, cardsFor, sectionsShown } from '../../lib/staff-home';
import type { DashboardSummary } from '#shared/schemas/reports';
import { $librarySettings } from '../../stores/library-settings';
import { $session } from '../../stores/session';
import { PeriodSwitch } from './PeriodSwitch';
import { SummaryTables } from './SummaryTables';

import { usePeriod } from './use-period';

const busy = css({ opacity: 0.6, transition: 'opacity 0.15s ease' });

export default function StaffHome() {
  const session = useStore($session);
  if (!holdsPermission(session, 'view_dashboard_summary')) return <WelcomePanel />;
  return <DashboardSummaryView />;
}

function DashboardSummaryView() {
  const session = useStore($session);
  const dateFormat = useStore($librarySettings)?.date_format;
  const [period, setPeriod] = usePeriod();
  const [summary, setSummary] = useState<DashboardSummary | null>(null);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(0);

  useEffect(() => {
    const request = ++latest.current;
    setLoading(true);
    fetchDashboardSummary(period)
      .then((answer) => {
        if (request !== latest.current) return;
        setSummary(answer);
        setLoadError(null);
      })
      .catch((failure: unknown) => {
        if (request === latest.current) setLoadError(callErrorMessage('dashboard-summary', failure));
      })
      .finally(() => {
        if (request === latest.current) setLoading(false);
      });
  }, [period, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const shown = sectionsShown(session);
  const hasCharts = shown.has('circulation') || shown.has('fines') || shown.has('registrations');

  if (loadError && !summary) {
    return (
      <LoadProblem heading="Dashboard" tone="error" title="The dashboard could not be shown" onRetry={retry}>
        <p>{loadError}</p>
      </LoadProblem>
    );
  }

  const header = <HomeHeader today={summary?.today} actions={hasCharts ? <PeriodSwitch period={period} onChange={setPeriod} /> : undefined} />;

  if (!summary) {
    return (
      <div className={page} aria-busy="true">
        {header}
        <LoadingState />
        <FigureCardsSkeleton />
        <div className={twoColumns} aria-hidden="true">
          <div className={skeleton} style={{ height: 280 }} />
          <div className={skeleton} style={{ height: 280 }} />
        </div>
      </div>
    );
  }

  const chart = (key: keyof DashboardSummary['charts']) => (shown.has(key) ? summary.charts[key] : undefined);
  const circulation = chart('circulation');
  const sideBySide = [chart('fines'), chart('registrations')].filter((c) => c !== undefined);
  return (
    <div className={page} aria-busy={loading}>
      {header}
      {loadError && <TableLoadProblem title="These figures could not be updated" message={loadError} onRetry={retry} />}
      <div className={loading ? busy : undefined}>
        <FigureCards figures={cardsFor(summary.cards, session).map(cardFigure)} />
      </div>
      {circulation && (
        <div className={loading ? busy : undefined}>
          <Panel>
            <ReportChart chart={circulation} height={240} />
          </Panel>
        </div>
      )}
      {sideBySide.length > 0 && (
        <div className={`${sideBySide.length > 1 ? twoColumns : ''} ${loading ? busy : ''}`}>
          {sideBySide.map((c) => (
            <Panel key={c.key}>
              <ReportChart chart={c} />
            </Panel>
          ))}
        </div>
      )}
      <SummaryTables tables={summary.tables} shown={shown} session={session} dateFormat={dateFormat} />
    </div>
  );
}
