/**
 * The report's date range: a preset, or custom dates typed in the library's date format (or
 * picked) with the one date field; the range goes to the URL in ISO once both dates make one.
 */
import { css } from 'styled-system/css';
import DateField from '../../components/DateField';
import { SelectField } from '../../components/ui/SelectField';
import { RANGE_PRESETS, withRange, type RangeChoice, type ReportState } from '../../lib/report-query';
import type { ReportStateUpdate } from './use-report-state';
import { useRangeDraft } from './use-range-draft';

const cell = css({ minW: '0' });
const RANGE_OPTIONS = [...RANGE_PRESETS.map(({ key, label }) => ({ value: key, label })), { value: 'custom', label: 'Custom dates' }];

export function ReportRangeFields({ state, today, onChange }: { state: ReportState; today: string; onChange: ReportStateUpdate }) {
  const { draft, problem, setDate } = useRangeDraft(state, (dates) => onChange((current) => withRange(current, 'custom', today, dates)));
  return (
    <>
      <div className={cell}>
        <SelectField label="Dates" options={RANGE_OPTIONS} value={state.range} onChange={(event) => onChange((current) => withRange(current, event.target.value as RangeChoice, today))} />
      </div>
      <div className={cell}>
        <DateField label="From" value={draft.from} max={draft.to || undefined} onChange={(date) => setDate('from', date)} />
      </div>
      <div className={cell}>
        <DateField label="To" value={draft.to} min={draft.from || undefined} error={problem} onChange={(date) => setDate('to', date)} />
      </div>
    </>
  );
}
