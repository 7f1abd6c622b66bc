/** A labelled native select: fine for short lists such as departments. */
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
      {(field) => (
        <select ref={ref} className={input()} {...field} {...selectProps}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
});
