/** The heading and lead paragraph at the top of a sign-in page's card. */
import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { flex } from 'styled-system/patterns';
import { text } from 'styled-system/recipes';

/** The big heading of an account page (sign-in forms, confirmations). */
export const authTitle = cx(text({ size: 'title', weight: 'bold' }), css({ letterSpacing: '-0.01em' }));
/** The muted lead under it. */
export const authLead = text({ tone: 'muted', size: 'sm', prose: true });

export function AuthHeading({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className={flex({ direction: 'column', gap: '1.5', mb: '6' })}>
      <h1 className={authTitle}>
        {title}
      </h1>
      {children && <p className={authLead}>{children}</p>}
    </div>
  );
}

/** Vertical rhythm of a form: fields, messages and actions. */
export const formStack = flex({ direction: 'column', gap: '5' });

/** The small centred line under a form ("New here? Create an account"). */
export const formFootnote = cx(text({ tone: 'muted', size: 'sm' }), css({ mt: '6', pt: '5', borderTopWidth: '1px', borderColor: 'border.default', textAlign: 'center' }));
