/** The one visible focus indicator, shared by every interactive recipe. */
export const focusRing = {
  outline: '2px solid',
  outlineColor: 'focusRing',
  outlineOffset: '2px',
} as const;
