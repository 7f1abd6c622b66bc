import { defineSlotRecipe } from '@pandacss/dev';

/** Ark `Field` parts: label above, helper and error text below. Required fields carry no asterisk; optional ones say so in their label. */
export const field = defineSlotRecipe({
  className: 'field',
  description: 'Labelled form field',
  slots: ['root', 'label', 'helperText', 'errorText', 'control'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5', minW: '0' },
    label: { fontSize: 'sm', fontWeight: 'medium', color: 'fg.default' },
    helperText: { fontSize: 'sm', color: 'fg.muted' },
    errorText: { fontSize: 'sm', color: 'danger.fg', fontWeight: 'medium' },
    control: { position: 'relative', display: 'flex', alignItems: 'center' },
  },
  staticCss: ['*'],
});
