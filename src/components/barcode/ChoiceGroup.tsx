/** A row of radio buttons under a legend: how the print screens choose what to print. */
import { css } from 'styled-system/css';
import { checkRow } from 'styled-system/recipes';

const group = css({ display: 'flex', flexWrap: 'wrap', columnGap: '5', border: 'none', p: '0', m: '0', minW: '0' });
const legend = css({ fontSize: 'sm', fontWeight: 'semibold', mb: '1', p: '0' });

export interface ChoiceGroupProps<V extends string> {
  legend: string;
  name: string;
  options: readonly { value: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
  disabled?: boolean | undefined;
}

export function ChoiceGroup<V extends string>({ legend: title, name, options, value, onChange, disabled }: ChoiceGroupProps<V>) {
  return (
    <fieldset className={group} disabled={disabled}>
      <legend className={legend}>{title}</legend>
      {options.map((option) => (
        <label key={option.value} className={checkRow()}>
          <input type="radio" name={name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
