/** A labelled native select (Ark Field.Select): fine for short lists such as departments. */
import { Field } from '@ark-ui/react/field';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { input } from 'styled-system/recipes';
import { FieldShell, splitFieldProps, type FieldShellProps } from './FieldShell';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps
  extends Omit<ComponentPropsWithoutRef<'select'>, 'size' | 'children' | keyof FieldShellProps>,
    FieldShellProps {
  options: readonly SelectOption[];
  /** The first, empty choice (e.g. 'Not selected'). */
  placeholder?: string;
}

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(props, ref) {
  const { shell, control } = splitFieldProps(props);
  const { options, placeholder, ...selectProps } = control;
  return (
    <FieldShell {...shell}>
      {(describedBy) => (
        <Field.Select ref={ref} className={input()} aria-describedby={describedBy} {...selectProps}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Field.Select>
      )}
    </FieldShell>
  );
});
