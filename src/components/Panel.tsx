/** Page furniture shared by the dashboard screens: a page heading and titled panels (cards). */
import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { flex } from 'styled-system/patterns';
import { card, text, toolbar } from 'styled-system/recipes';

const headerClass = cx(toolbar({ justify: 'between' }), css({ mb: '6' }));
const titleClass = text({ size: 'title', weight: 'bold' });
const introClass = css({ mt: '1', color: 'fg.muted', fontSize: 'sm', maxW: '60ch' });
const panelClass = card({ padding: 'lg' });
const panelTitle = css({ fontSize: 'lg', fontWeight: 'semibold', mb: '1' });
const panelIntro = css({ color: 'fg.muted', fontSize: 'sm', mb: '4' });

/**
 * The content's heading (an h2: the top bar's title is the page's one h1) with an optional sentence
 * and actions on the right.
 */
export function PageHeader({ title, children, actions }: { title: ReactNode; children?: ReactNode; actions?: ReactNode }) {
  return (
    <header className={headerClass}>
      <div>
        <h2 className={titleClass}>{title}</h2>
        {children && <p className={introClass}>{children}</p>}
      </div>
      {actions && <div className={toolbar({ gap: 'sm', align: 'center' })}>{actions}</div>}
    </header>
  );
}

/** A titled card; `as="section"` with an h2 so screen readers can jump between panels. */
export function Panel({ title, intro, children, className, actions }: { title?: ReactNode; intro?: ReactNode; children: ReactNode; className?: string; actions?: ReactNode }) {
  return (
    <section className={cx(panelClass, className)}>
      {(title || actions) && (
        <div className={toolbar({ justify: 'between', align: 'start' })}>
          {title && <h2 className={panelTitle}>{title}</h2>}
          {actions}
        </div>
      )}
      {intro && <p className={panelIntro}>{intro}</p>}
      {!intro && title && <div className={css({ mb: '3' })} />}
      {children}
    </section>
  );
}

/** A responsive grid of form fields: one column on phones, two from 640 px. */
export const fieldGrid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '5' });

/** Vertical stack of panels or fields. */
export const stack = flex({ direction: 'column', gap: '6' });

/** End-aligned row of form buttons; full width on phones. */
export const formActions = toolbar({ justify: 'end', stackOnPhone: true });
