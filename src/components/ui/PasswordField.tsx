/**
 * A labelled password input with a show/hide button, in plain HTML. The button is a real button
 * (reachable and usable from the keyboard), names what it does ("Show password" / "Hide password")
 * and says which input it controls and whether the password shows (aria-expanded).
 */
import { forwardRef, useState, type ComponentPropsWithoutRef } from 'react';
import { css, cx } from 'styled-system/css';
import { field as fieldRecipe, focusable, input } from 'styled-system/recipes';
import { FieldShell, splitFieldProps, type FieldShellProps } from './FieldShell';
import { EyeIcon, EyeOffIcon } from './icons';

export interface PasswordFieldProps
  extends Omit<ComponentPropsWithoutRef<'input'>, 'size' | 'type' | 'autoComplete' | keyof FieldShellProps>,
    FieldShellProps {
  autoComplete?: 'current-password' | 'new-password';
}

const toggleClass = cx(focusable({ on: 'inset' }), fieldRecipe().controlButton);
const inputClass = cx(input(), css({ pr: '12' }));
const rootClass = css({ w: 'full' });

export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(props, ref) {
  const { shell, control } = splitFieldProps(props);
  const { autoComplete = 'current-password', ...inputProps } = control;
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell {...shell}>
      {(field) => (
        <div className={rootClass}>
          <div className={fieldRecipe().control}>
            <input
              ref={ref}
              type={visible ? 'text' : 'password'}
              autoComplete={autoComplete}
              autoCapitalize="off"
              spellCheck={false}
              className={inputClass}
              {...field}
              {...inputProps}
            />
            <button
              type="button"
              className={toggleClass}
              aria-controls={field.id}
              aria-expanded={visible}
              aria-label={visible ? 'Hide password' : 'Show password'}
              disabled={field.disabled}
              onClick={() => setVisible((shown) => !shown)}
            >
              {visible ? <EyeOffIcon aria-hidden="true" /> : <EyeIcon aria-hidden="true" />}
            </button>
          </div>
        </div>
      )}
    </FieldShell>
  );
});
