/** A plan's Edit (change_members) and Delete (delete_members) in the plans table. */
import { toolbar } from 'styled-system/recipes';
import { Button } from '../../components/ui/Button';
import type { Plan } from '../../lib/schemas/plans';

export function PlanRowActions({ plan, can, onEdit, onDelete }: { plan: Plan; can: { change: boolean; delete: boolean }; onEdit: () => void; onDelete: () => void }) {
  return (
    <span className={toolbar({ gap: 'sm', justify: 'end', align: 'center' })}>
      {can.change && (
        <Button variant="outline" onClick={onEdit} aria-label={`Edit ${plan.name}`}>
          Edit
        </Button>
      )}
      {can.delete && (
        <Button variant="dangerGhost" onClick={onDelete} aria-label={`Delete ${plan.name}`}>
          Delete
        </Button>
      )}
    </span>
  );
}
