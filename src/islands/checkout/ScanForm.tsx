/**
 * The session's one field: a member card, number or name first, then copies. Enter sends what was
 * typed and empties the field at once for the next scan; Esc ends the session. While nobody is
 * served and several members match a name, they are offered as buttons.
 */
import type { FormEvent, KeyboardEvent, RefObject } from 'react';
import { css, cx } from 'styled-system/css';
import { input, toolbar } from 'styled-system/recipes';
import { personDetail, personLabel } from '../../lib/member-picker';
import type { MemberPick } from '../../lib/schemas/member-picker';
import { Button } from '../../components/ui/Button';
import { FieldShell } from '../../components/ui/FieldShell';

const scanRow = cx(toolbar({ align: 'center', gap: 'sm' }), css({ mt: '3' }));
const scanInput = css({ fontFamily: 'mono', fontSize: 'lg' });
const choiceList = css({ listStyle: 'none', pl: '0', mt: '2', display: 'flex', flexDirection: 'column', gap: '1' });

export interface ScanFormProps {
  fieldRef: RefObject<HTMLInputElement>;
  serving: boolean;
  message: string | null;
  busy: boolean;
  choices: readonly MemberPick[];
  onScan: (text: string) => void;
  onChoose: (person: MemberPick) => void;
  onDone: () => void;
}

export function ScanForm({ fieldRef, serving, message, busy, choices, onScan, onChoose, onDone }: ScanFormProps) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = fieldRef.current;
    if (!typed) return;
    onScan(typed.value);
    typed.value = '';
    typed.focus();
  }
  function key(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Escape' || !serving) return;
    event.preventDefault();
    onDone();
  }
  const label = serving ? 'Scan a copy' : 'Member card, number or name';
  const helper = message ?? (serving ? 'Scan copies one after another; Enter after each. Esc or Done ends the session.' : 'Scan the member card, or type a member number or name and press Enter.');
  return (
    <div>
      <form onSubmit={submit} aria-label="Check out" autoComplete="off">
        <FieldShell label={label} helperText={busy ? 'Looking up the member…' : helper}>
          {(control) => <input ref={fieldRef} className={`${input()} ${scanInput}`} {...control} onKeyDown={key} enterKeyHint="enter" spellCheck={false} autoCapitalize="off" />}
        </FieldShell>
        <div className={scanRow}>
          <Button type="submit" variant="outline">
            Enter
          </Button>
          {serving && <Button onClick={onDone}>Done</Button>}
        </div>
      </form>
      {choices.length > 0 && (
        <ul className={choiceList} aria-label="Matching members">
          {choices.map((person) => (
            <li key={String(person.id)}>
              <Button variant="ghost" size="sm" onClick={() => onChoose(person)}>
                {personLabel(person)} {personDetail(person) && `· ${personDetail(person)}`}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
