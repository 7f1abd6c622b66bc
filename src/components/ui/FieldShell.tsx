/**
 * The frame every form field shares (Ark Field): label, control, helper text and error text. The
 * control is described by the helper and, while one shows, by the error (aria-describedby); the
 * error replaces the helper text so the two never say the same thing twice.
 */
import { Field } from '@ark-ui/react/field';
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

export function FieldShell({
  label,
  helperText,
  error,
  required,
  disabled,
  id,
  className,
  children,
}: FieldShellProps & { children: (describedBy: string | undefined) => ReactNode }) {
  const classes = fieldRecipe();
  const generated = useId();
  const control = id ?? `field-${generated.replace(/:/g, '')}`;
  const helperId = `${control}-helper`;
  const errorId = `${control}-error`;
  const showHelper = Boolean(helperText) && !error;
  const describedBy = [showHelper ? helperId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <Field.Root
      id={control}
      ids={{ helperText: helperId, errorText: errorId }}
      invalid={Boolean(error)}
      required={required}
      disabled={disabled}
      className={cx(classes.root, className)}
    >
      <Field.Label className={classes.label}>{label}</Field.Label>
      {children(describedBy)}
      {showHelper && <Field.HelperText className={classes.helperText}>{helperText}</Field.HelperText>}
      <Field.ErrorText className={classes.errorText}>{error}</Field.ErrorText>
    </Field.Root>
  );
}

/** Splits a field component's props into the shell's and the control's. */
export function splitFieldProps<P extends FieldShellProps>(props: P) {
  const { label, helperText, error, required, disabled, id, className, ...control } = props;
  return { shell: { label, helperText, error, required, disabled, id, className }, control };
}
