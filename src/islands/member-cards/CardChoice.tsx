/**
 * Whose cards to print: members picked one by one (the member picker adds each to a list, each
 * with Remove), a department, or everyone who joined since a date; then eight or ten cards a sheet
 * and the first free place on a partly used sheet. Preview reads the members.
 */
import type { Dispatch } from 'react';
import { css } from 'styled-system/css';
import { ChoiceGroup } from '../../components/barcode/ChoiceGroup';
import { MemberPicker } from '../../components/member-picker/MemberPicker';
import DateField from '../../components/DateField';
import { fieldGrid, formActions } from '../../components/Panel';
import { Button } from '../../components/ui/Button';
import { SelectField } from '../../components/ui/SelectField';
import { TextField } from '../../components/ui/TextField';
import { referenceOptions, useReferenceList } from '../../components/use-reference-list';
import { personDetail, personLabel } from '../../lib/member-picker';
import type { CardSource, CardsAction, CardsState } from '../../lib/member-cards';
import { $memberDepartments } from '../../stores/reference';

const SOURCES: readonly { value: CardSource; label: string }[] = [
  { value: 'members', label: 'Chosen members' },
  { value: 'department', label: 'A department' },
  { value: 'since', label: 'Joined since a date' },
];
const PER_SHEET = [
  { value: '10', label: '10 a sheet' },
  { value: '8', label: '8 a sheet' },
] as const;
const form = css({ display: 'flex', flexDirection: 'column', gap: '5' });
const pickedList = css({ listStyle: 'none', p: '0', m: '0', display: 'flex', flexDirection: 'column', gap: '2' });
const pickedRow = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', py: '1', borderBottomWidth: '1px', borderColor: 'border.default', minW: '0' });
const detail = css({ fontSize: 'sm', color: 'fg.muted', overflowWrap: 'anywhere' });

export function CardChoice({ state, dispatch, onPreview }: { state: CardsState; dispatch: Dispatch<CardsAction>; onPreview: () => void }) {
  const departments = useReferenceList($memberDepartments, state.source === 'department');
  const errorOf = (field: string) => (state.problem?.field === field ? state.problem.message : undefined);
  return (
    <form
      className={form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onPreview();
      }}
    >
      <ChoiceGroup legend="Print cards for" name="card-source" options={SOURCES} value={state.source} onChange={(source) => dispatch({ type: 'source', source })} />
      {state.source === 'members' && (
        <>
          <MemberPicker label="Add a member" error={errorOf('members')} picked={null} onPick={(person) => person && dispatch({ type: 'add', member: person })} />
          {state.picked.length > 0 && (
            <ul className={pickedList} aria-label="Chosen members">
              {state.picked.map((person) => (
                <li key={person.id} className={pickedRow}>
                  <span>
                    {personLabel(person)} <span className={detail}>{personDetail(person)}</span>
                  </span>
                  <Button variant="ghost" size="sm" aria-label={`Remove ${personLabel(person)}`} onClick={() => dispatch({ type: 'remove', id: person.id })}>
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {state.source === 'department' && (
        <SelectField
          label="Department"
          options={referenceOptions(departments) ?? []}
          placeholder={departments.status === 'loading' ? 'Loading...' : 'Choose a department'}
          value={state.department}
          error={errorOf('department')}
          onChange={(event) => dispatch({ type: 'department', value: event.target.value })}
        />
      )}
      {state.source === 'since' && (
        <DateField label="Joined since" value={state.since} error={errorOf('since')} onChange={(value) => dispatch({ type: 'since', value })} />
      )}
      <div className={fieldGrid}>
        <ChoiceGroup legend="Cards per A4 sheet" name="cards-per-sheet" options={PER_SHEET} value={String(state.perSheet) as '8' | '10'} onChange={(value) => dispatch({ type: 'per-sheet', value: value === '8' ? 8 : 10 })} />
        <TextField
          label="Start at card"
          type="number"
          inputMode="numeric"
          min={1}
          max={state.perSheet}
          value={state.start ? String(state.start) : ''}
          helperText={`Skip used places on a partly used sheet (1 to ${state.perSheet}).`}
          onChange={(event) => dispatch({ type: 'start', value: Number(event.target.value) })}
        />
      </div>
      <div className={formActions}>
        <Button type="submit" loading={state.phase === 'loading'} loadingText="Loading...">
          Preview
        </Button>
      </div>
    </form>
  );
}
