/**
 * members/plan (Membership Plans): every membership plan in the one table (loan limit, loan period, fine
 * per day, fee, validity, default, members on it), with Add plan (add_members), Edit
 * (change_members) and Delete behind the red confirm (delete_members). Without those permissions
 * the page reads only. A refused delete shows the server's reason (the default plan, a plan in use).
 * Below the table, a member's plan: found with the member picker, moved with change_members.
 */
import { useStore } from '@nanostores/react';
import { css } from 'styled-system/css';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/data-table/DataTable';
import { TableLoadProblem } from '../../components/data-table/TableLoadProblem';
import { PageHeader } from '../../components/Panel';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { holdsPermission } from '../../lib/permissions';
import { $session } from '../../stores/session';
import { MemberPlanPanel } from './MemberPlanPanel';
import { PLAN_COLUMNS } from './plan-columns';
import { PlanFormDialog } from './PlanFormDialog';
import { PlanRowActions } from './PlanRowActions';
import { useMembershipPlans } from './use-membership-plans';

export default function MembershipPlans() {
  const session = useStore($session);
  const can = { add: holdsPermission(session, 'add_members'), change: holdsPermission(session, 'change_members'), delete: holdsPermission(session, 'delete_members') };
  const { plans, loadError, firstLoad, load, dialogs, dispatch, confirmDelete } = useMembershipPlans();
  const editable = can.change || can.delete;

  return (
    <>
      <PageHeader
        title="Membership Plans"
        actions={
          can.add ? (
            <Button onClick={() => dispatch({ type: 'add' })} disabled={plans === null}>
              Add plan
            </Button>
          ) : undefined
        }
      >
        The plans members are on: how many books they may hold, for how long, the fine for each late day and the fee. A rule left to the book settings
        follows them.
      </PageHeader>
      {!can.add && !editable && (
        <Alert tone="info" title="Read only" className={css({ mb: '4' })}>
          Adding, changing or deleting plans needs the members permissions.
        </Alert>
      )}
      <DataTable
        caption="Membership plans"
        captionHidden
        columns={PLAN_COLUMNS}
        rows={plans ?? []}
        rowKey={(plan) => plan.id}
        loading={firstLoad}
        emptyText="No plans yet."
        notice={loadError ? <TableLoadProblem title="The plans could not be loaded" message={loadError} onRetry={() => void load()} /> : undefined}
        rowActions={
          editable
            ? (plan) => <PlanRowActions plan={plan} can={can} onEdit={() => dispatch({ type: 'edit', plan })} onDelete={() => dispatch({ type: 'ask-delete', plan })} />
            : undefined
        }
      />
      {plans && plans.length > 0 && <MemberPlanPanel plans={plans} canMove={can.change} onMoved={load} />}
      <PlanFormDialog plan={dialogs.editing} plans={plans ?? []} onClose={() => dispatch({ type: 'close-form' })} onSaved={load} />
      <ConfirmDialog
        open={dialogs.deleting !== null}
        onOpenChange={(open) => {
          if (!open) dispatch({ type: 'close-delete' });
        }}
        title={`Delete plan “${dialogs.deleting?.name ?? ''}”?`}
        description="The plan is removed. A plan members are on, and the default plan, cannot be deleted."
        confirmLabel="Delete plan"
        busyLabel="Deleting..."
        onConfirm={confirmDelete}
      >
        {dialogs.deleteError && <Alert tone="error">{dialogs.deleteError}</Alert>}
      </ConfirmDialog>
    </>
  );
}
