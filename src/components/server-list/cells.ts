/** Cell looks the list screens share beyond the table recipe's slots. */
import { stack } from 'styled-system/patterns';

/** A value with a badge under it (due date and Overdue, state, place in the queue and Pickup overdue); end-aligned in phone cards. */
export const badgeCell = stack({ display: 'inline-flex', gap: '1', align: { base: 'flex-end', sm: 'flex-start' } });
