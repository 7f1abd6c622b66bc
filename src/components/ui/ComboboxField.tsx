/**
 * A searchable select on Ark Combobox, framed like every other field (label, helper, error). Typing
 * narrows the list (case- and accent-insensitive "contains"); Arrow keys, Enter and Escape work as
 * in a native select; only listed options can be chosen. The list opens on click, is at most 40vh
 * tall (the autocomplete list's maximum height) and is positioned `fixed`, so it is not clipped by a scrolling modal.
 */
import { Combobox, createListCollection } from '@ark-ui/react/combobox';
import { useMemo, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { field as fieldRecipe, focusable, input, popover } from 'styled-system/recipes';
import { FieldShell, splitFieldProps, type FieldShellProps } from './FieldShell';
import { ChevronDownIcon } from './icons';

export interface ComboboxOption {
  value: string;
  label: string;
}

export interface ComboboxFieldProps extends FieldShellProps {
  options: readonly ComboboxOption[];
  /** The chosen option's value; '' for none. */
  value: string;
  onValueChange: (value: string) => void;
  /** Form field name of the hidden value. */
  name?: string;
  placeholder?: string;
  /** Shown when typing matches nothing. */
  emptyText?: string;
}

/** Lower case without accents, so "espanol" finds "Español". */
const fold = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

const { control, controlButton } = fieldRecipe();
const inputClass = css({ pr: '11' });
/** The chevron turns over while the list is open. */
const trigger = cx(
  focusable(),
  controlButton,
  css({ '& svg': { transition: 'transform 120ms', w: '5', h: '5' }, '&[data-state=open] svg': { transform: 'rotate(180deg)' } }),
);
const list = popover({ listbox: true });
const { positioner, content, item, note: empty } = list;

/** The parts' looks, for other comboboxes (the member picker) so every list looks alike. */
export const comboboxParts = { control, input: inputClass, trigger, positioner, content, item, empty } as const;

export function ComboboxField(props: ComboboxFieldProps) {
  const { shell, control: rest } = splitFieldProps(props);
  const { options, value, onValueChange, name, placeholder, emptyText = 'No matches' } = rest;
  const [filter, setFilter] = useState('');
  const collection = useMemo(() => {
    const needle = fold(filter.trim());
    const items = needle ? options.filter((option) => fold(option.label).includes(needle)) : [...options];
    return createListCollection({ items, itemToString: (option) => option.label, itemToValue: (option) => option.value });
  }, [options, filter]);
  const label = typeof shell.label === 'string' ? shell.label : 'options';

  return (
    <FieldShell {...shell}>
      {(field) => (
        <Combobox.Root
          ids={{ input: field.id }}
          invalid={Boolean(field['aria-invalid'])}
          required={field.required}
          disabled={field.disabled}
          collection={collection}
          value={value ? [value] : []}
          onValueChange={(details) => onValueChange(details.value[0] ?? '')}
          onInputValueChange={(details) => setFilter(details.reason === 'input-change' ? details.inputValue : '')}
          onOpenChange={(details) => {
            if (!details.open) setFilter('');
          }}
          name={name}
          openOnClick
          inputBehavior="autohighlight"
          positioning={{ strategy: 'fixed', sameWidth: true, fitViewport: true, gutter: 4 }}
        >
          <Combobox.Control className={control}>
            <Combobox.Input className={cx(input(), inputClass)} placeholder={placeholder} aria-describedby={field['aria-describedby']} />
            <Combobox.Trigger className={trigger} aria-label={`Show ${label} options`}>
              <ChevronDownIcon aria-hidden="true" />
            </Combobox.Trigger>
          </Combobox.Control>
          <Combobox.Positioner className={positioner}>
            <Combobox.Content className={content}>
              {collection.items.length === 0 ? (
                <p className={empty}>{emptyText}</p>
              ) : (
                collection.items.map((option) => (
                  <Combobox.Item key={option.value} item={option} className={item}>
                    <Combobox.ItemText>{option.label}</Combobox.ItemText>
                  </Combobox.Item>
                ))
              )}
            </Combobox.Content>
          </Combobox.Positioner>
        </Combobox.Root>
      )}
    </FieldShell>
  );
}
