/** Cell looks the list screens share beyond the table recipe's slots. */
import { css } from 'styled-system/css';

/** A value with a badge under it (due date and Overdue, state, place in the queue and Pickup overdue); end-aligned in phone cards. */
export const badgeCell = css({ display: 'inline-flex', flexDirection: 'column', alignItems: { base: 'flex-end', sm: 'flex-start' }, gap: '1' });
