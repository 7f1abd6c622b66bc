/** Shared looks of the report page: the chart panels (figures use `components/home/FigureCards`). */
import { css, cx } from 'styled-system/css';
import { card } from 'styled-system/recipes';

export const chartGrid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', xl: 'repeat(2, minmax(0, 1fr))' }, gap: '4' });
export const chartPanel = cx(card({ padding: 'sm' }), css({ minW: '0' }));
