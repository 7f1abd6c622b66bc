import { defineRecipe } from '@pandacss/dev';
import { focusRing } from './focus';

/** Text inputs and native selects: 44 px tall, a 3:1 outline, red when invalid. */
export const input = defineRecipe({
  className: 'input',
  description: 'Text input or native select',
  base: {
    w: 'full',
    minH: '11',
    px: '3',
    borderRadius: 'md',
    borderWidth: '1px',
    borderColor: 'border.strong',
    bg: 'bg.canvas',
    color: 'fg.default',
    fontSize: 'md',
    transitionProperty: 'border-color, box-shadow',
    transitionDuration: 'fast',
    _placeholder: { color: 'fg.muted' },
    _hover: { borderColor: 'fg.muted' },
    _focusVisible: { ...focusRing, outlineOffset: '0', borderColor: 'focusRing' },
    // Not _invalid: that includes :invalid, which marks every empty required field before any check ran.
    '&[data-invalid], &[aria-invalid=true]': { borderColor: 'danger.fg' },
    _disabled: { opacity: 0.6, cursor: 'not-allowed' },
    '&:is(select)': {
      appearance: 'none',
      pr: '10',
      cursor: 'pointer',
      bgImage:
        'linear-gradient(45deg, transparent 50%, currentColor 50%), linear-gradient(135deg, currentColor 50%, transparent 50%)',
      bgPosition: 'calc(100% - 18px) 50%, calc(100% - 13px) 50%',
      bgSize: '5px 5px, 5px 5px',
      bgRepeat: 'no-repeat',
    },
  },
  staticCss: ['*'],
});
