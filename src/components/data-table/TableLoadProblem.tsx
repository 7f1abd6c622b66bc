/** The notice a server-side table shows above its (empty) rows when its page failed to load, with Retry. */
import { css } from 'styled-system/css';
import { RetryAlert } from '../ui/RetryAlert';

export function TableLoadProblem(props: { title: string; message: string; onRetry: () => void }) {
  return (
    <div className={css({ p: { base: '0', sm: '4' }, pb: '4' })}>
      <RetryAlert {...props} />
    </div>
  );
}
