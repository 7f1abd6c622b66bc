/**
 * What a detail page shows instead of its record: not found, no access, or a failed load with
 * Try again. Book and member profiles (and later detail pages) share it.
 */
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { PageHeader } from './Panel';
import { Alert } from './ui/Alert';
import { Button } from './ui/Button';

export interface LoadProblemProps {
  /** The page heading above the message. */
  heading: string;
  tone: 'info' | 'error';
  title: string;
  children?: ReactNode;
  /** Shows a Try again button that calls it. */
  onRetry?: () => void;
}

export function LoadProblem({ heading, tone, title, children, onRetry }: LoadProblemProps) {
  return (
    <>
      <PageHeader title={heading} />
      <Alert tone={tone} title={title}>
        {children}
      </Alert>
      {onRetry && (
        <Button variant="outline" className={css({ mt: '4' })} onClick={onRetry}>
          Try again
        </Button>
      )}
    </>
  );
}
