/** A load that failed: the error notice with its message and a Retry button (panels and tables). */
import { css } from 'styled-system/css';
import { Alert } from './Alert';
import { Button } from './Button';

export function RetryAlert({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  return (
    <Alert tone="error" title={title}>
      <p>{message}</p>
      <Button variant="outline" className={css({ mt: '3' })} onClick={onRetry}>
        Retry
      </Button>
    </Alert>
  );
}
