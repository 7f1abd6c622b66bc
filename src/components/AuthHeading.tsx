/** The heading and lead paragraph at the top of a sign-in page's card. */
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';

export function AuthHeading({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '1.5', mb: '6' })}>
      <h1 className={css({ fontSize: { base: 'xl', sm: '2xl' }, fontWeight: 'bold', lineHeight: '1.25', letterSpacing: '-0.01em' })}>
        {title}
      </h1>
      {children && <p className={css({ color: 'fg.muted', fontSize: 'sm', lineHeight: '1.6' })}>{children}</p>}
    </div>
  );
}

/** Vertical rhythm of a form: fields, messages and actions. */
export const formStack = css({ display: 'flex', flexDirection: 'column', gap: '5' });

/** The small centred line under a form ("New here? Create an account"). */
export const formFootnote = css({ mt: '6', pt: '5', borderTopWidth: '1px', borderColor: 'border.default', textAlign: 'center', fontSize: 'sm', color: 'fg.muted' });
