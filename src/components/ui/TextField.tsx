/** A labelled text input (Ark Field) with helper and error text. */
import { Field } from '@ark-ui/react/field';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { input } from 'styled-system/recipes';
import { FieldShell, splitFieldProps, type FieldShellProps } from './FieldShell';

export interface TextFieldProps extends Omit<ComponentPropsWithoutRef<'input'>, 'size' | keyof FieldShellProps>, FieldShellProps {}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(props, ref) {
  const { shell, control } = splitFieldProps(props);
  return (
    <FieldShell {...shell}>
      {(describedBy) => <Field.Input ref={ref} className={input()} aria-describedby={describedBy} {...control} />}
    </FieldShell>
  );
});
