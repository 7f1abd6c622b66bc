/**
 * The dashed drop area of file choosers (covers, e-book, images): highlighted while a file is dragged
 * over. Not focusable itself (see DropZone): the focus ring is the buttons' inside it.
 */
import { css } from 'styled-system/css';

export const dropzone = css({
  display: 'flex',
  flexDirection: { base: 'column', sm: 'row' },
  alignItems: { base: 'stretch', sm: 'center' },
  gap: '3',
  p: '3',
  borderWidth: '1px',
  borderStyle: 'dashed',
  borderColor: 'border.strong',
  borderRadius: 'md',
  '&[data-dragging]': { borderColor: 'accent.default', bg: 'accent.subtle' },
});
