/** One spine label as printed: call number, short title, library name, the barcode and the accession number. */
import { css } from 'styled-system/css';
import { Code128 } from '../../components/barcode/Code128';
import type { LabelLayout, SpineLabel } from '../../lib/labels';

const face = css({ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'space-between', h: 'full', textAlign: 'center', lineHeight: '1.2', fontFamily: 'sans', color: 'black' });
const line = css({ maxW: 'full', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' });
const strong = css({ fontWeight: 'bold' });
const mono = css({ fontFamily: 'mono', letterSpacing: '0.02em' });

export function SpineLabelFace({ label, layout }: { label: SpineLabel; layout: LabelLayout }) {
  const text = { fontSize: `${layout.textPt}pt` };
  return (
    <div className={face} style={{ padding: `${layout.paddingMm}mm` }}>
      <span className={`${line} ${strong}`} style={{ fontSize: `${layout.callNumberPt}pt` }}>
        {label.callNumber || '\u00a0'}
      </span>
      <span className={line} style={text}>
        {label.title}
      </span>
      {layout.showLibrary && (
        <span className={line} style={text}>
          {label.library}
        </span>
      )}
      <Code128 value={label.barcode} widthMm={layout.barcodeWidthMm} heightMm={layout.barcodeHeightMm} />
      <span className={`${line} ${mono}`} style={text}>
        {label.accession}
      </span>
    </div>
  );
}
