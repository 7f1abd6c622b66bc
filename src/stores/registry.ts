/**
 * Every store holding a signed-in user's data registers how to reset itself here, so signing out
 * clears all client state (signing out empties every store) without the session store knowing the other stores.
 */

type Reset = () => void;

const resets = new Set<Reset>();

/** Adds a store's reset to the sign-out clearing; returns a function that removes it again. */
export function registerStoreReset(reset: Reset): () => void {
  resets.add(reset);
  return () => resets.delete(reset);
}

/** Resets every registered store to its initial value. */
export function resetAllStores(): void {
  for (const reset of resets) reset();
}
