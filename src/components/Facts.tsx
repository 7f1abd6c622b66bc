/** A record's facts as a term/value list (book and member profiles); empty values read "Not given". */
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { text } from 'styled-system/recipes';

const dl = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'minmax(9rem, auto) 1fr' }, columnGap: '6', rowGap: { base: '1', sm: '3' }, fontSize: 'sm' });
/** Terms muted above their values on phones, beside them from 640 px (each pair a `display: contents` row). */
const dt = css({ color: 'fg.muted', mt: { base: '2', sm: '0' } });
const dd = text({ weight: 'medium', wrapAnywhere: true });
const missing = text({ tone: 'muted', weight: 'normal' });
const row = css({ display: 'contents' });

const shown = (value: ReactNode): ReactNode => (value === null || value === undefined || value === '' ? <span className={missing}>Not given</span> : value);

export function Facts({ rows }: { rows: readonly [string, ReactNode][] }) {
  return (
    <dl className={dl}>
      {rows.map(([term, value]) => (
        <div key={term} className={row}>
          <dt className={dt}>{term}</dt>
          <dd className={dd}>{shown(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
