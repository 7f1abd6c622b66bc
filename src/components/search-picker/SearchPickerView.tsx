/**
 * The search picker's Ark combobox, loaded after the page (see SearchPicker.tsx): typing searches
 * after a short pause; each option shows the item's label and, beneath, its detail. Arrow keys
 * move, Enter chooses, Escape closes; the list says when it is searching, when nothing matches and
 * when the search failed. Only the newest search may answer. A choice made elsewhere (a scanned
 * code, a form starting afresh) is shown as if it had been picked here and ends the search before
 * it: answers read before that choice are not offered again, so the same words typed afterwards
 * ask the server afresh (copies left, for one, change with every loan). The choice always stays
 * among the combobox's items (`offeredItems`), or the combobox would blank the box.
 */
import { Combobox, createListCollection } from '@ark-ui/react/combobox';
import { useEffect, useMemo, useRef, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { input, text as textRecipe } from 'styled-system/recipes';
import { offeredItems, pickerMessage, searchTerm, type PickerItemText } from '../../lib/search-picker';
import { comboboxParts as parts } from '../ui/ComboboxField';
import type { FieldControlProps } from '../ui/FieldShell';
import { Spinner } from '../ui/Spinner';
import type { SearchPickerProps } from './SearchPicker';
import { usePickerSearch } from './use-picker-search';

/** What the wrapper hands the combobox: its settings, the field's ids and what was typed before it loaded. */
export interface SearchPickerViewProps<T> extends Pick<SearchPickerProps<T>, 'onPick' | 'search' | 'exclude' | 'noun' | 'errorCall' | 'placeholder' | keyof PickerItemText<T>> {
  field: FieldControlProps;
  /** Text typed into the stand-in input before this loaded (searched unless a choice is shown). */
  initialText: string;
  /** The stand-in had keyboard focus: take it over. */
  focus: boolean;
  /** A choice made outside the picker (undefined: the picker alone decides). */
  picked: T | null | undefined;
}

const option = css({
  flexDirection: 'column',
  alignItems: 'flex-start !important',
  justifyContent: 'center',
  py: '2',
  gap: '0.5',
});
const detailText = textRecipe({ tone: 'muted', size: 'sm' });
const busy = css({
  position: 'absolute',
  right: '3',
  top: '50%',
  transform: 'translateY(-50%)',
});

export function SearchPickerView<T>({ field, onPick, search, exclude, noun, errorCall, placeholder, initialText, focus, picked, itemKey, itemLabel, itemDetail }: SearchPickerViewProps<T>) {
  const pickedKey = picked === undefined ? undefined : picked === null ? '' : itemKey(picked);
  // A choice shown from the start is not a search: its label is never sent as a term.
  const firstTerm = picked ? '' : initialText;
  const [typed, setTyped] = useState(firstTerm);
  const [text, setText] = useState(picked ? itemLabel(picked) : initialText);
  const state = usePickerSearch(typed, search, errorCall);
  const [chosen, setChosen] = useState<string>(pickedKey ?? '');
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (focus) inputRef.current?.focus();
  }, []);

  // A choice from outside (a scan, a form starting afresh) replaces what the box shows and ends the
  // search before it, without searching.
  useEffect(() => {
    if (pickedKey === undefined || pickedKey === chosen) return;
    setChosen(pickedKey);
    setText(picked ? itemLabel(picked) : '');
    setTyped('');
  }, [pickedKey]);

  // Rebuilt only when the answer changes: a new collection each render would lose the highlighted option.
  const collection = useMemo(
    () => createListCollection({ items: offeredItems(state.status === 'ready' ? state.found : [], picked, itemKey, exclude), itemToString: itemLabel, itemToValue: itemKey }),
    [state, exclude, picked, itemKey, itemLabel],
  );

  const message = pickerMessage(state, picked, noun, (found) => offeredItems(found, null, itemKey, exclude).length);

  return (
    <Combobox.Root
      ids={{ input: field.id }}
      collection={collection}
      value={chosen ? [chosen] : []}
      onValueChange={(details) => {
        const item = details.items[0] ?? null;
        setChosen(item ? itemKey(item) : '');
        onPick(item);
      }}
      inputValue={text}
      onInputValueChange={(details) => {
        setText(details.inputValue);
        // Typing searches; the choice stays until another is made (clearing it here would also clear what was typed).
        if (details.reason === 'input-change') setTyped(details.inputValue);
      }}
      invalid={Boolean(field['aria-invalid'])}
      disabled={field.disabled}
      inputBehavior="autohighlight"
      defaultOpen={focus && searchTerm(firstTerm) !== null}
      positioning={{ strategy: 'fixed', sameWidth: true, fitViewport: true, gutter: 4 }}
    >
      <Combobox.Control className={parts.control}>
        <Combobox.Input ref={inputRef} className={cx(input(), parts.input)} placeholder={placeholder} aria-describedby={field['aria-describedby']} autoComplete="off" />
        {state.status === 'searching' && <Spinner size="sm" className={busy} />}
      </Combobox.Control>
      <Combobox.Positioner className={parts.positioner}>
        <Combobox.Content className={parts.content} aria-busy={state.status === 'searching' || undefined}>
          {message !== null && (
            <p className={parts.empty} role="status">
              {message}
            </p>
          )}
          {collection.items.map((item) => (
            <Combobox.Item key={itemKey(item)} item={item} className={cx(parts.item, option)}>
              <Combobox.ItemText>{itemLabel(item)}</Combobox.ItemText>
              {itemDetail?.(item) && <span className={detailText}>{itemDetail(item)}</span>}
            </Combobox.Item>
          ))}
        </Combobox.Content>
      </Combobox.Positioner>
    </Combobox.Root>
  );
}
