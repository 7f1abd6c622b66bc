/**
 * The Reserved Book Queue's actions on a waiting member: Fulfil only for the first in line while a
 * copy is on the shelf (the queue's order decides who gets it), Move only when others are waiting.
 * Cancel is always there.
 */
export function waitingActions(index: number, onShelf: number, waitingCount: number): { fulfil: boolean; move: boolean } {
  return { fulfil: index === 0 && onShelf > 0, move: waitingCount > 1 };
}
