/** A module's permissions as a checklist under its "select all" box (checked, indeterminate or clear). */
import { Checkbox } from '@ark-ui/react/checkbox';
import { cx, sva } from 'styled-system/css';
import { card, focusable } from 'styled-system/recipes';
import { CheckIcon, MinusIcon } from '../../components/ui/icons';
import { groupSelection, toggleGroup, togglePermission, type PermissionGroup } from '../../lib/permission-groups';
import type { PermissionDetail } from '../../lib/schemas/roles';

/** A module's checklist: the framed group, its "select all" row, the indented permissions, each box and its codename. */
const checklist = sva({
  slots: ['group', 'legend', 'row', 'box', 'allLabel', 'label', 'codename', 'items'],
  base: {
    group: { borderRadius: 'md', p: '4', minW: '0' },
    legend: { px: '1', fontWeight: 'semibold' },
    row: { display: 'flex', alignItems: 'flex-start', gap: '3', py: '2', cursor: 'pointer', minH: '11', _disabled: { cursor: 'not-allowed', opacity: 0.6 } },
    box: {
      w: '5',
      h: '5',
      flexShrink: 0,
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      borderWidth: '2px',
      borderColor: 'border.strong',
      borderRadius: 'sm',
      bg: 'bg.canvas',
      color: 'fg.onAccent',
      '&[data-state=checked], &[data-state=indeterminate]': { bg: 'accent.default', borderColor: 'accent.default' },
    },
    allLabel: { fontSize: 'sm', fontWeight: 'medium' },
    label: { fontSize: 'sm' },
    codename: { display: 'block', fontFamily: 'mono', fontSize: 'xs', color: 'fg.muted' },
    items: { pl: '6', borderLeftWidth: '1px', borderColor: 'border.default', ml: '2.5' },
  },
})();
const box = cx(focusable({ on: 'control' }), checklist.box);
const group = cx(card(), checklist.group);
const checkRow = checklist.row;

function CheckMark({ indeterminate }: { indeterminate?: boolean }) {
  const Mark = indeterminate ? MinusIcon : CheckIcon;
  return <Mark width="14" height="14" strokeWidth="3" />;
}

function PermissionCheck({ permission, checked, onToggle, disabled }: { permission: PermissionDetail; checked: boolean; onToggle: () => void; disabled: boolean }) {
  return (
    <Checkbox.Root className={checkRow} checked={checked} onCheckedChange={onToggle} disabled={disabled} value={String(permission.id)}>
      <Checkbox.Control className={box}>
        <Checkbox.Indicator>
          <CheckMark />
        </Checkbox.Indicator>
      </Checkbox.Control>
      <Checkbox.Label>
        <span className={checklist.label}>{permission.name || permission.codename}</span>
        <small className={checklist.codename}>{permission.codename}</small>
      </Checkbox.Label>
      <Checkbox.HiddenInput />
    </Checkbox.Root>
  );
}

export function PermissionChecklist({ group: module, selected, onChange, disabled }: { group: PermissionGroup<PermissionDetail>; selected: Set<string>; onChange: (next: Set<string>) => void; disabled: boolean }) {
  const state = groupSelection(module, selected);
  const count = module.permissions.filter((p) => selected.has(String(p.id))).length;
  return (
    <fieldset className={group}>
      <legend className={checklist.legend}>{module.module}</legend>
      <Checkbox.Root className={checkRow} checked={state === 'all' ? true : state === 'some' ? 'indeterminate' : false} onCheckedChange={() => onChange(toggleGroup(module, selected))} disabled={disabled}>
        <Checkbox.Control className={box}>
          <Checkbox.Indicator indeterminate={false}>
            <CheckMark />
          </Checkbox.Indicator>
          <Checkbox.Indicator indeterminate>
            <CheckMark indeterminate />
          </Checkbox.Indicator>
        </Checkbox.Control>
        <Checkbox.Label className={checklist.allLabel}>
          Select all {module.module} ({count}/{module.permissions.length})
        </Checkbox.Label>
        <Checkbox.HiddenInput />
      </Checkbox.Root>
      <div className={checklist.items}>
        {module.permissions.map((permission) => (
          <PermissionCheck key={permission.id} permission={permission} checked={selected.has(String(permission.id))} disabled={disabled} onToggle={() => onChange(togglePermission(permission.id, selected))} />
        ))}
      </div>
    </fieldset>
  );
}
