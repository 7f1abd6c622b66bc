/**
 * The sheets as printed: a copy placed directly in <body> (like the fine receipt and the reports),
 * hidden on screen and, under `@media print`, the only child of <body> shown, on A4 with no page
 * margin so the millimetre positions are measured from the paper's edge. It stays mounted while
 * the screen has something to print, so the browser's own Print command prints the sheets too.
 */
import { useEffect, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { css } from 'styled-system/css';

/** `@page` cannot be an atomic class; the page behind the copy prints white. */
const PAGE_RULE = '@page { size: A4; margin: 0; } @media print { html, body { background: white !important; margin: 0 !important; padding: 0 !important; } }';

const copy = css({ display: 'none', _print: { display: 'block', bg: 'white', color: 'black' } });
const printHost = css({ _print: { bg: 'white', '& > *:not([data-sheets-print])': { display: 'none !important' } } });

/** Prints the page once every barcode image in the print copy has been decoded. */
export async function printSheets(): Promise<void> {
  const images = [...document.querySelectorAll<HTMLImageElement>('[data-sheets-print] img')];
  await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
  window.print();
}

export function SheetPrintCopy({ children }: { children: ReactNode }) {
  useEffect(() => {
    const classes = printHost.split(' ').filter(Boolean);
    document.body.classList.add(...classes);
    return () => document.body.classList.remove(...classes);
  }, []);
  return createPortal(
    <div className={copy} data-sheets-print="">
      <style>{PAGE_RULE}</style>
      {children}
    </div>,
    document.body,
  );
}
