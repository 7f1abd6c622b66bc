/** The homes' figures (staff and member): one card per figure, a link to the list behind it when there is one. */
import { cx } from 'styled-system/css';
import { card, cardFigure, cardGrid, cardLabel, cardMore, skeleton } from './figure-styles';

export interface Figure {
  key: string;
  label: string;
  /** The figure as people read it ("12", "Rs. 1,250.00"). */
  value: string;
  /** Where the card leads (a site path), or null. */
  href: string | null;
  /** Drawn in the danger tone (overdue loans, money owed) when above zero. */
  alarm?: boolean;
}

/** Figures longer than this many characters ("Rs. 4,812.50") are drawn a size smaller. */
const LONG_FIGURE = 10;

export function FigureCards({ figures, label = 'Figures' }: { figures: readonly Figure[]; label?: string }) {
  return (
    <ul className={cardGrid} aria-label={label}>
      {figures.map((figure) => {
        const body = (
          <>
            <span className={cardLabel}>{figure.label}</span>
            <span className={cardFigure} data-figure-value data-alarm={figure.alarm || undefined} data-long={figure.value.length > LONG_FIGURE || undefined}>
              {figure.value}
            </span>
            {figure.href && (
              <span className={cx(cardMore, 'card-more')} aria-hidden="true">
                View list →
              </span>
            )}
          </>
        );
        return (
          <li key={figure.key} data-figure={figure.key}>
            {figure.href ? (
              <a className={card} href={figure.href} aria-label={`${figure.label}: ${figure.value}. View list`}>
                {body}
              </a>
            ) : (
              <div className={card}>{body}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** Grey cards while the first answer comes. */
export function FigureCardsSkeleton({ count = 6 }: { count?: number }) {
  return (
    <ul className={cardGrid} aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className={card}>
          <span className={skeleton} style={{ height: '0.9rem', width: '60%' }} />
          <span className={skeleton} style={{ height: '1.8rem', width: '40%' }} />
        </li>
      ))}
    </ul>
  );
}
