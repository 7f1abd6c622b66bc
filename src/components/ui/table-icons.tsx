/** The data table's icons: sort direction and the pagination arrows (see `icons.tsx`). */
import { Icon, type IconProps } from './icons';

/** A column's sort state: up, down, or both arrows when the column is not sorted. */
export const SortIcon = ({ direction, ...props }: IconProps & { direction: 'ascending' | 'descending' | 'none' }) => (
  <Icon width="14" height="14" strokeWidth="2.2" {...props}>
    {direction === 'ascending' && <path d="m6 15 6-6 6 6" />}
    {direction === 'descending' && <path d="m6 9 6 6 6-6" />}
    {direction === 'none' && <path d="m7 10 5-5 5 5M7 14l5 5 5-5" />}
  </Icon>
);

export const FirstPageIcon = (props: IconProps) => (
  <Icon width="18" height="18" {...props}>
    <path d="m11 17-5-5 5-5M18 17l-5-5 5-5" />
  </Icon>
);

export const PreviousPageIcon = (props: IconProps) => (
  <Icon width="18" height="18" {...props}>
    <path d="m15 18-6-6 6-6" />
  </Icon>
);

export const NextPageIcon = (props: IconProps) => (
  <Icon width="18" height="18" {...props}>
    <path d="m9 18 6-6-6-6" />
  </Icon>
);

export const LastPageIcon = (props: IconProps) => (
  <Icon width="18" height="18" {...props}>
    <path d="m13 17 5-5-5-5M6 17l5-5-5-5" />
  </Icon>
);
