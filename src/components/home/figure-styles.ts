/** Looks of the figure cards (homes and reports) and of grey loading blocks; apart from the homes' other looks so report pages carry only these. */
import { css, cx } from 'styled-system/css';
import { card as cardRecipe } from 'styled-system/recipes';

/** A grid of figure cards: as many 11rem columns as fit (6.5rem on phones, two or three across). */
export const cardGrid = css({ display: 'grid', gridTemplateColumns: { base: 'repeat(auto-fill, minmax(6.5rem, 1fr))', md: 'repeat(auto-fill, minmax(11rem, 1fr))' }, gap: { base: '2', md: '4' }, listStyle: 'none', p: '0', m: '0' });

/** One figure card (a link when it leads to a list): the surface card, its label, figure and "View list →" spaced down it. */
export const card = cx(
  cardRecipe({ padding: 'sm', interactive: true }),
  css({ display: 'flex', flexDirection: 'column', justifyContent: 'space-between', gap: '2', h: 'full', minH: { base: '5rem', md: '6.5rem' }, '&[href]:hover .card-more': { textDecoration: 'underline' } }),
);
export const cardLabel = css({ fontSize: { base: 'xs', md: 'sm' }, color: 'fg.muted', fontWeight: 'medium' });
/** A long figure (an amount in the millions) steps down a size, so it never breaks inside the number. */
export const cardFigure = css({
  fontSize: { base: 'xl', md: '2xl' },
  fontWeight: 'bold',
  lineHeight: '1.1',
  fontVariantNumeric: 'tabular-nums',
  overflowWrap: 'break-word',
  '&[data-long]': { fontSize: { base: 'md', md: 'xl' } },
  '&[data-alarm]': { color: 'danger.fg' },
});
/** "View list →": from 768 px (on phones the whole card is plainly a link already). */
export const cardMore = css({ display: { base: 'none', md: 'inline' }, fontSize: 'xs', color: 'accent.fg', fontWeight: 'medium' });

/** A grey block standing in for content that is loading. */
export const skeleton = css({ borderRadius: 'md', bg: 'bg.muted', animation: 'pulse 1.6s ease-in-out infinite', '@media (prefers-reduced-motion: reduce)': { animation: 'none' } });

