/** Looks shared by the home screens' parts: the page, two columns, small tables (figure cards and skeletons: `figure-styles.ts`). */
import { css, cx } from 'styled-system/css';
import { flex } from 'styled-system/patterns';
import { table as tableRecipe, text } from 'styled-system/recipes';

/** The page: a column of sections. */
export const page = flex({ direction: 'column', gap: { base: '5', md: '6' }, minW: '0' });

/** Two columns of panels from 1024 px. */
export const twoColumns = css({ display: 'grid', gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, gap: { base: '5', md: '6' }, alignItems: 'start' });

/** A compact table inside a panel (the table recipe, unframed); scrolls sideways on phones, flush with the panel's edges. */
const look = tableRecipe();
export const tableWrap = cx(look.root, css({ mx: { base: '-4', md: '0' } }));
/** Long names wrap anywhere; row headers read as ordinary cells. */
export const table = cx(look.table, css({ '& th, & td': { overflowWrap: 'anywhere' }, '& tbody th': { fontWeight: 'normal' } }));
export const muted = text({ tone: 'muted', size: 'sm' });
export const detail = css({ display: 'block', color: 'fg.muted', fontSize: 'xs' });
