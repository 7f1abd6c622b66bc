/** The notice a server-side table shows above its (empty) rows when its page failed to load, with Retry. */
import { css } from 'styled-system/css';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';

export function TableLoadProblem({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  return (
    <div className={css({ p: { base: '0', sm: '4' }, pb: '4' })}>
      <Alert tone="error" title={title}>
        <p>{message}</p>
        <Button variant="outline" className={css({ mt: '3' })} onClick={onRetry}>
          Retry
        </Button>
      </Alert>
    </div>
  );
}
