/**
 * The custom dates as the person types them (`src/lib/report-query.ts` `RangeDraft`): a date field
 * hands '' while its text is not a whole date, so the draft holds that '' (the field keeps the
 * text) instead of the URL's date; once both dates make a range it goes to the URL. A range changed
 * from outside (a preset, back and forward, a reload) replaces the draft.
 */
import { useState } from 'react';
import { draftRange, rangeDraftProblem, type RangeDraft, type ReportState } from '../../lib/report-query';

export function useRangeDraft(state: ReportState, apply: (dates: RangeDraft) => void) {
  const basis = `${state.from}|${state.to}`;
  const [held, setHeld] = useState(() => ({ basis, draft: { from: state.from, to: state.to } }));
  const draft = held.basis === basis ? held.draft : { from: state.from, to: state.to };

  const setDate = (field: keyof RangeDraft, date: string) => {
    const next = { ...draft, [field]: date };
    setHeld({ basis, draft: next });
    const range = draftRange(next);
    if (range) apply(range);
  };

  return { draft, problem: rangeDraftProblem(draft) ?? undefined, setDate };
}
