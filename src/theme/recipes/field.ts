import { defineSlotRecipe } from '@pandacss/dev';

/** Ark `Field` parts: label above, helper and error text below. Required fields carry no asterisk; optional ones say so in their label. */
export const field = defineSlotRecipe({
  className: 'field',
  description: 'Labelled form field',
  slots: ['root', 'label', 'helperText', 'errorText', 'control', 'controlButton'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5', minW: '0' },
    label: { fontSize: 'sm', fontWeight: 'medium', color: 'fg.default' },
    helperText: { fontSize: 'sm', color: 'fg.muted' },
    errorText: { fontSize: 'sm', color: 'danger.fg', fontWeight: 'medium' },
    control: { position: 'relative', display: 'flex', alignItems: 'center' },
    /** A 44 px icon button inside the control, at its end (show password, open a combobox's list). */
    controlButton: {
      position: 'absolute',
      insetInlineEnd: '0',
      top: '0',
      h: '11',
      w: '11',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      color: 'fg.muted',
      borderRadius: 'md',
      cursor: 'pointer',
      _hover: { color: 'fg.default' },
      _disabled: { cursor: 'not-allowed', opacity: 0.6 },
    },
  },
  staticCss: ['*'],
});
