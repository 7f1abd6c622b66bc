/**
 * The one look of a report printed on A4 (the reports' Print and the stock verification report):
 * a copy placed directly in <body>, hidden on screen, and under `@media print` the only child of
 * <body> shown, black on white. `REPORT_PAGE_RULE` goes in a <style> inside the copy (`@page`
 * cannot be an atomic class); `usePrintHost` marks <body> while the copy is mounted.
 */
import { useEffect } from 'react';
import { css } from 'styled-system/css';

/** The page box, and the page behind the copy printed white. */
export const REPORT_PAGE_RULE = '@page { size: A4 portrait; margin: 12mm; } @media print { html { background: white !important; } }';

/** The printed copy: its title and description lines, the filters, figures, charts and the rows' tables. */
export const reportPrintCopy = css({
  display: 'none',
  _print: {
    display: 'block',
    w: 'full',
    color: 'black',
    bg: 'white',
    fontSize: '10pt',
    '& *': { color: 'black !important', borderColor: 'slate.400 !important', bg: 'transparent !important' },
    '& table': { fontSize: '8.5pt', pageBreakInside: 'auto', mb: '4' },
    '& tr': { pageBreakInside: 'avoid' },
    '& thead': { display: 'table-header-group' },
    '& th, & td': { px: '1.5', py: '1' },
    '& > h1': { fontSize: '16pt', fontWeight: 'bold', mb: '1' },
    '& > p': { fontSize: '10pt', mb: '3' },
    '& > ul': { listStyle: 'none', p: '0', m: '0 0 12px 0', fontSize: '9.5pt', '& li': { mb: '0.5' } },
    '& > dl': { display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: '2', mb: '4', '& div': { borderWidth: '1px', p: '2', breakInside: 'avoid' }, '& dt': { fontSize: '8.5pt' }, '& dd': { fontSize: '12pt', fontWeight: 'bold', m: '0' } },
    '& > div': { mb: '4', breakInside: 'avoid' },
    '& h2': { fontSize: '12pt', fontWeight: 'bold', mt: '4', mb: '1' },
  },
});

/** Under `@media print` <body> shows only the copy marked `data-report-print`. */
const printHost = css({ _print: { bg: 'white', '& > *:not([data-report-print])': { display: 'none !important' } } });

/** Marks <body> as the print host while the calling copy is mounted. */
export function usePrintHost(): void {
  useEffect(() => {
    const classes = printHost.split(' ').filter(Boolean);
    document.body.classList.add(...classes);
    return () => document.body.classList.remove(...classes);
  }, []);
}

/**
 * Prints once per `request`, after the copy has been drawn, then calls `onPrinted` (print() returns
 * when the dialog closes, or at once where it does not block). The latest props are what is drawn.
 */
export function usePrintOnce(request: unknown, onPrinted: () => void): void {
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      window.print();
      onPrinted();
    });
    return () => cancelAnimationFrame(frame);
    // Print once per request, not again when the callback's identity changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request]);
}
