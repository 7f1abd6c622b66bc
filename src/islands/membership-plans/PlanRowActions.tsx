/** A plan's Edit (change_members) and Delete (delete_members) in the plans table. */
import { css } from 'styled-system/css';
import { toolbar } from 'styled-system/recipes';
import { Button } from '../../components/ui/Button';
import type { Plan } from '../../lib/schemas/plans';

// An inline style, not the text recipe: it must win over the button recipe's own colour.
const deleteText = css({ color: 'danger.default' });

export function PlanRowActions({ plan, can, onEdit, onDelete }: { plan: Plan; can: { change: boolean; delete: boolean }; onEdit: () => void; onDelete: () => void }) {
  return (
    <span className={toolbar({ gap: 'sm', justify: 'end', align: 'center' })}>
      {can.change && (
        <Button variant="outline" onClick={onEdit} aria-label={`Edit ${plan.name}`}>
          Edit
        </Button>
      )}
      {can.delete && (
        <Button variant="ghost" className={deleteText} onClick={onDelete} aria-label={`Delete ${plan.name}`}>
          Delete
        </Button>
      )}
    </span>
  );
}
