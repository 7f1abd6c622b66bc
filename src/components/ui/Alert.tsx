/** Inline message: errors are announced at once (role=alert), notices politely (role=status). */
import type { ReactNode } from 'react';
import { cx } from 'styled-system/css';
import { alert } from 'styled-system/recipes';
import { AlertIcon, CheckCircleIcon, InfoIcon } from './icons';

export interface AlertProps {
  tone?: 'info' | 'success' | 'error';
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}

const ICONS = { info: InfoIcon, success: CheckCircleIcon, error: AlertIcon };

export function Alert({ tone = 'info', title, children, className }: AlertProps) {
  const classes = alert({ tone });
  const Icon = ICONS[tone];
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={cx(classes.root, className)}>
      <Icon className={classes.icon} />
      <div className={classes.content}>
        {title && <p className={classes.title}>{title}</p>}
        {children && <div className={classes.description}>{children}</div>}
      </div>
    </div>
  );
}
