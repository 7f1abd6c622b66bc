/**
 * A labelled password input (Ark Field + PasswordInput) with a show/hide button. Ark's button is
 * pointer-only; here it is also reachable and usable from the keyboard.
 */
import { PasswordInput, usePasswordInputContext } from '@ark-ui/react/password-input';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { css, cx } from 'styled-system/css';
import { field as fieldRecipe, input } from 'styled-system/recipes';
import { FieldShell, splitFieldProps, type FieldShellProps } from './FieldShell';
import { EyeIcon, EyeOffIcon } from './icons';

export interface PasswordFieldProps
  extends Omit<ComponentPropsWithoutRef<'input'>, 'size' | 'type' | 'autoComplete' | keyof FieldShellProps>,
    FieldShellProps {
  autoComplete?: 'current-password' | 'new-password';
}

const toggleClass = css({
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
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '-2px' },
});

function VisibilityToggle() {
  const api = usePasswordInputContext();
  return (
    <PasswordInput.VisibilityTrigger
      className={toggleClass}
      tabIndex={0}
      onClick={(event) => {
        // Pointer clicks are handled by Ark on pointerdown; detail 0 is a keyboard "click".
        if (event.detail === 0) api.toggleVisible();
      }}
    >
      <PasswordInput.Indicator fallback={<EyeIcon />}>
        <EyeOffIcon />
      </PasswordInput.Indicator>
    </PasswordInput.VisibilityTrigger>
  );
}

export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(props, ref) {
  const { shell, control } = splitFieldProps(props);
  const { autoComplete = 'current-password', name, ...inputProps } = control;
  return (
    <FieldShell {...shell}>
      {(describedBy) => (
        <PasswordInput.Root autoComplete={autoComplete} name={name} className={css({ w: 'full' })}>
          <PasswordInput.Control className={fieldRecipe().control}>
            <PasswordInput.Input ref={ref} className={cx(input(), css({ pr: '12' }))} aria-describedby={describedBy} {...inputProps} />
            <VisibilityToggle />
          </PasswordInput.Control>
        </PasswordInput.Root>
      )}
    </FieldShell>
  );
});
