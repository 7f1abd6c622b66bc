/**
 * The frame every form field shares: label, control, helper text and error text, in plain HTML
 * (no widget library, so the sign-in pages stay small), with the part names Ark's Field used
 * (`data-scope="field"`, `data-part`), so styles and tests that name a part still find it. The label names the control (`htmlFor`);
 * the control is described by the helper and, while one shows, by the error (aria-describedby),
 * and is marked invalid, required and disabled itself. The error replaces the helper text so the
 * two never say the same thing twice.
 */
import { useId, type ReactNode } from 'react';
import { cx } from 'styled-system/css';
import { field as fieldRecipe } from 'styled-system/recipes';

export interface FieldShellProps {
  label: ReactNode;
  helperText?: ReactNode;
  /** The error shown under the control; the field is invalid while it is set. */
  error?: string | undefined;
  required?: boolean | undefined;
  disabled?: boolean | undefined;
  id?: string | undefined;
  className?: string | undefined;
}

/** What the shell hands its control: spread it on the input, select or textarea. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
  required: boolean | undefined;
  disabled: boolean | undefined;
}

export function FieldShell({
  label,
  helperText,
  error,
  required,
  disabled,
  id,
  className,
  children,
}: FieldShellProps & { children: (control: FieldControlProps) => ReactNode }) {
  const classes = fieldRecipe();
  const generated = useId();
  const control = id ?? `field-${generated.replace(/:/g, '')}`;
  const helperId = `${control}-helper`;
  const errorId = `${control}-error`;
  const showHelper = Boolean(helperText) && !error;
  const describedBy = [showHelper ? helperId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx(classes.root, className)} data-scope="field" data-part="root" data-invalid={error ? '' : undefined} data-disabled={disabled ? '' : undefined}>
      <label htmlFor={control} className={classes.label} data-scope="field" data-part="label">
        {label}
      </label>
      {children({ id: control, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined, required, disabled })}
      {showHelper && (
        <span id={helperId} className={classes.helperText} data-scope="field" data-part="helper-text">
          {helperText}
        </span>
      )}
      {error && (
        <span id={errorId} className={classes.errorText} data-scope="field" data-part="error-text" aria-live="polite">
          {error}
        </span>
      )}
    </div>
  );
}

/** Splits a field component's props into the shell's and the control's. */
export function splitFieldProps<P extends FieldShellProps>(props: P) {
  const { label, helperText, error, required, disabled, id, className, ...control } = props;
  return { shell: { label, helperText, error, required, disabled, id, className }, control };
}
