/** Day / Week / Month: the period of the staff home's charts, as a group of radio buttons drawn as one segmented control. */
import { cx, sva } from 'styled-system/css';
import { focusable } from 'styled-system/recipes';
import { PERIODS, type DashboardPeriod } from '../../lib/staff-home';

/** A segmented control: the legend beside a muted track whose checked segment is raised; the focus ring on the segment of the focused radio. */
const periodSwitch = sva({
  slots: ['group', 'legend', 'segments', 'segment'],
  base: {
    group: { display: 'inline-flex', alignItems: 'center', gap: '3', border: '0', p: '0', m: '0', minW: '0' },
    legend: { float: 'left', fontSize: 'sm', color: 'fg.muted', fontWeight: 'medium', mr: '3', lineHeight: '2.5rem' },
    segments: { display: 'inline-flex', p: '1', gap: '1', bg: 'bg.muted', borderRadius: 'lg', borderWidth: '1px', borderColor: 'border.default' },
    segment: {
      position: 'relative',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      minW: '4.5rem',
      minH: '9',
      px: '3',
      borderRadius: 'md',
      fontSize: 'sm',
      fontWeight: 'medium',
      color: 'fg.muted',
      cursor: 'pointer',
      '& input': { position: 'absolute', opacity: 0, inset: '0', m: '0', cursor: 'pointer' },
      '&:has(input:checked)': { bg: 'bg.surface', color: 'fg.default', boxShadow: 'card' },
    },
  },
})();
const segment = cx(focusable({ on: 'within' }), periodSwitch.segment);

export function PeriodSwitch({ period, onChange }: { period: DashboardPeriod; onChange: (period: DashboardPeriod) => void }) {
  return (
    <fieldset className={periodSwitch.group}>
      <legend className={periodSwitch.legend}>Period</legend>
      <div className={periodSwitch.segments}>
        {PERIODS.map((choice) => (
          <label key={choice.value} className={segment}>
            <input type="radio" name="dashboard-period" value={choice.value} checked={period === choice.value} onChange={() => onChange(choice.value)} />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
