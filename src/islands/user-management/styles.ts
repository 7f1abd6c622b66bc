/** Looks User Management's parts share: a failure shown in a dialog under its words, and muted text. */
import { css } from 'styled-system/css';

/** An error inside a dialog, set off from the text above it. */
export const dialogAlert = css({ mt: '4' });
export const muted = css({ fontSize: 'sm', color: 'fg.muted' });
