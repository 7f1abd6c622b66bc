/** A labelled text input with helper and error text. */
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { input } from 'styled-system/recipes';
import { FieldShell, splitFieldProps, type FieldShellProps } from './FieldShell';

export interface TextFieldProps extends Omit<ComponentPropsWithoutRef<'input'>, 'size' | keyof FieldShellProps>, FieldShellProps {}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(props, ref) {
  const { shell, control } = splitFieldProps(props);
  return <FieldShell {...shell}>{(field) => <input ref={ref} className={input()} {...field} {...control} />}</FieldShell>;
});
