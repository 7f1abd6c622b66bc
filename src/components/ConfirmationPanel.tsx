/** The panel that replaces a form once it has done its work: an icon, a heading, text, one way on. */
import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { flex } from 'styled-system/patterns';
import { button } from 'styled-system/recipes';
import { authLead, authTitle } from './AuthHeading';

export interface ConfirmationPanelProps {
  icon: ReactNode;
  title: string;
  tone?: 'accent' | 'danger';
  children: ReactNode;
  action?: { href: string; label: string };
}

export function ConfirmationPanel({ icon, title, tone = 'accent', children, action }: ConfirmationPanelProps) {
  return (
    <div
      role={tone === 'danger' ? 'alert' : 'status'}
      className={flex({ direction: 'column', align: 'center', textAlign: 'center', gap: '4', py: '2' })}
    >
      <span
        data-tone={tone}
        className={css({ display: 'inline-flex', p: '3', borderRadius: 'full', bg: 'accent.subtle', color: 'accent.fg', '&[data-tone=danger]': { bg: 'danger.subtle', color: 'danger.fg' } })}
      >
        {icon}
      </span>
      <h1 className={authTitle}>{title}</h1>
      <div className={cx(authLead, flex({ direction: 'column', gap: '3', maxW: '28rem' }))}>
        {children}
      </div>
      {action && (
        <a href={action.href} className={cx(button({ variant: 'solid' }), css({ mt: '2' }))}>
          {action.label}
        </a>
      )}
    </div>
  );
}
