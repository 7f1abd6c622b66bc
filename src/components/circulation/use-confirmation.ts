/**
 * A question asked as a promise: `ask()` opens the confirmation and resolves with the answer;
 * `settle(go)` is wired to its buttons and to its closing (closing says no).
 */
import { useRef, useState } from 'react';

/** The confirmation's open state and its two steps. */
export function useConfirmation() {
  const [asking, setAsking] = useState(false);
  const answer = useRef<((go: boolean) => void) | null>(null);

  const ask = () =>
    new Promise<boolean>((resolve) => {
      answer.current = resolve;
      setAsking(true);
    });

  const settle = (go: boolean) => {
    answer.current?.(go);
    answer.current = null;
    setAsking(false);
  };

  return { asking, ask, settle };
}
