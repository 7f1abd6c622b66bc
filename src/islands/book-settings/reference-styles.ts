/** Looks shared by a reference panel's add form and its rows. */
import { css } from 'styled-system/css';

/** A field with its buttons beside it, wrapping under it on narrow panels. */
export const inlineRow = css({ display: 'flex', gap: '3', alignItems: 'flex-end', flexWrap: 'wrap', '& > :first-child': { flex: '1', minW: '12rem' } });
/** A row's buttons, at the end of the row. */
export const rowActions = css({ display: 'flex', gap: '2', flexWrap: 'wrap', ml: 'auto' });
