/** A reference panel's parts: the add and rename forms, the list and its rows, the category image. */
import { cva, sva } from 'styled-system/css';

export const referencePanel = sva({
  slots: ['addForm', 'inlineRow', 'filter', 'empty', 'list', 'row', 'thumb', 'name', 'actions', 'editForm', 'hint'],
  base: {
    addForm: { display: 'flex', flexDirection: 'column', gap: '3', mb: '4' },
    /** A field with its buttons beside it, wrapping under it on narrow panels. */
    inlineRow: { display: 'flex', gap: '3', alignItems: 'flex-end', flexWrap: 'wrap', '& > :first-child': { flex: '1', minW: '12rem' } },
    filter: { mb: '3' },
    empty: { color: 'fg.muted', fontSize: 'sm', py: '3' },
    list: { display: 'flex', flexDirection: 'column', borderTopWidth: '1px', borderColor: 'border.default' },
    row: { display: 'flex', alignItems: 'center', gap: '3', py: '2', borderBottomWidth: '1px', borderColor: 'border.default', flexWrap: 'wrap' },
    thumb: {
      w: '11',
      h: '11',
      flexShrink: 0,
      borderRadius: 'md',
      borderWidth: '1px',
      borderColor: 'border.default',
      bg: 'bg.muted',
      objectFit: 'cover',
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      color: 'fg.muted',
      fontSize: 'xs',
      overflow: 'hidden',
    },
    name: { flex: '1', minW: '8rem', fontWeight: 'medium', overflowWrap: 'anywhere' },
    /** A row's buttons, at the end of the row. */
    actions: { display: 'flex', gap: '2', flexWrap: 'wrap', ml: 'auto' },
    editForm: { flex: '1', display: 'flex', flexDirection: 'column', gap: '3', py: '2' },
    hint: { fontSize: 'sm', color: 'fg.muted', mt: '-1' },
  },
})();

/** Buttons beside a field stay level with its input while a message shows under it. */
export const besideField = cva({ base: { mb: '0' }, variants: { fieldError: { true: { mb: '7' } } } });
