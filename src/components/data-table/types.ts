/** The data table's props and column and sort shapes (see DataTable.tsx). */
import type { ReactNode } from 'react';
import type { PaginationProps } from './Pagination';
import type { DataTableSelection } from './SelectionCells';
import type * as s from './styles';

export interface DataTableColumn<Row> {
  id: string;
  /** The header text; also each cell's label on phones. */
  header: string;
  /** Keep the header for screen readers only (e.g. a cover column); no label on phones either. */
  headerHidden?: boolean;
  cell: (row: Row) => ReactNode;
  /** The server's ordering key; the header becomes a sort button. */
  sortKey?: string;
  /** A CSS width such as '6rem'. */
  width?: string;
  align?: 'start' | 'end';
  /** Hide the column below this breakpoint (and on phone cards): 'sm' = phones only. */
  hideBelow?: s.Breakpoint;
  /** The cell that names the row (a `th scope="row"`; the card's title on phones). */
  rowHeader?: boolean;
}

export interface DataTableSort {
  /** The current ordering: a key, '-key' for descending, '' for the default order. */
  ordering: string;
  onOrderingChange: (ordering: string) => void;
}

export interface DataTableProps<Row> {
  /** The table's name (its caption), e.g. 'Books'. */
  caption: string;
  /** Show the caption only to screen readers (the page heading already names it). */
  captionHidden?: boolean;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** A request is under way: skeleton rows when there are none yet, else an overlay on the old rows. */
  loading?: boolean;
  /** Shown in the table when there are no rows and nothing is loading. */
  emptyText?: ReactNode;
  sort?: DataTableSort;
  pagination?: Omit<PaginationProps, 'label'>;
  /**
   * Search, filters and table actions, above the table. As a function it is handed the "Sort by"
   * select to place among the filters; otherwise the select follows the toolbar.
   */
  toolbar?: ReactNode | ((sortSelect: ReactNode) => ReactNode);
  /** Buttons or links for one row, in a last 'Actions' column. */
  rowActions?: (row: Row) => ReactNode;
  actionsHeader?: string;
  /** Shown between the toolbar and the table (e.g. an error Alert with a Retry button). */
  notice?: ReactNode;
  /** Row checkboxes for bulk actions; the island keeps the selected keys. */
  selection?: DataTableSelection<Row>;
}

