/** What a detail page shows instead of its record: not found, no access, or a failed load with Try again. */
import type { ReactNode } from 'react';
import type { RecordLoad } from '../lib/record-load';
import { LoadProblem } from './LoadProblem';

/** The page's words for each state that is not its record. */
export interface RecordProblemTexts {
  heading: string;
  notFound: { heading?: string; title: string; body: ReactNode };
  forbidden: { title: string; body: ReactNode };
  errorTitle: string;
}

/** Draws the problem of a load that is not ready (nothing for a ready one). */
export function RecordProblem({ state, texts, onRetry }: { state: Exclude<RecordLoad<unknown>, { kind: 'ready' | 'loading' }>; texts: RecordProblemTexts; onRetry: () => void }) {
  if (state.kind === 'not-found')
    return (
      <LoadProblem heading={texts.notFound.heading ?? texts.heading} tone="info" title={texts.notFound.title}>
        {texts.notFound.body}
      </LoadProblem>
    );
  if (state.kind === 'forbidden')
    return (
      <LoadProblem heading={texts.heading} tone="error" title={texts.forbidden.title}>
        {texts.forbidden.body}
      </LoadProblem>
    );
  return (
    <LoadProblem heading={texts.heading} tone="error" title={texts.errorTitle} onRetry={onRetry}>
      {state.message}
    </LoadProblem>
  );
}
