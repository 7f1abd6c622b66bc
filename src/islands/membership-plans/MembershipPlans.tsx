/**
 * members/plan (Membership): every membership plan in the one table (loan limit, loan period, fine
 * per day, fee, validity, default, members on it), with Add plan (add_members), Edit
 * (change_members) and Delete behind the red confirm (delete_members). Without those permissions
 * the page reads only. A refused delete shows the server's reason (the default plan, a plan in use).
 * Below the table, a member's plan: found with the member picker, moved with change_members.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { badge } from 'styled-system/recipes';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable';
import { PageHeader } from '../../components/Panel';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { toast } from '../../components/ui/Toaster';
import { deletePlan, fetchPlans } from '../../lib/api/members';
import { callErrorMessage } from '../../lib/errors';
import { planCells } from '../../lib/membership-plans';
import { holdsPermission } from '../../lib/permissions';
import type { Plan } from '../../lib/schemas/plans';
import { $session } from '../../stores/session';
import { MemberPlanPanel } from './MemberPlanPanel';
import { PlanFormDialog } from './PlanFormDialog';
import { NOTICES } from '../../lib/notices';

const muted = css({ color: 'fg.muted' });
const nowrap = css({ whiteSpace: 'nowrap' });
const nameCell = css({ display: 'inline-flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' });
const rowActionsClass = css({ display: 'flex', gap: '2', justifyContent: 'flex-end' });

/** A value kept on one line; "Book settings" (muted, free to wrap) when the plan leaves the rule to them. */
const ruleCell = (text: string, own = true) => <span className={own ? nowrap : muted}>{text}</span>;

const COLUMNS: readonly DataTableColumn<Plan>[] = [
  {
    id: 'name',
    header: 'Plan',
    rowHeader: true,
    // The default plan says so beside its name (a column of its own would push the actions out of view).
    cell: (plan) => (
      <span className={nameCell}>
        {plan.name}
        {plan.is_default && <span className={badge({ tone: 'success' })}>Default</span>}
      </span>
    ),
  },
  { id: 'loan_limit', header: 'Loan limit', cell: (plan) => ruleCell(planCells(plan).loanLimit, plan.loan_limit !== null) },
  { id: 'loan_period_days', header: 'Loan period', cell: (plan) => ruleCell(planCells(plan).loanPeriod, plan.loan_period_days !== null) },
  { id: 'fine_per_day', header: 'Fine per day', align: 'end', cell: (plan) => ruleCell(planCells(plan).finePerDay, plan.fine_per_day !== null) },
  { id: 'fee', header: 'Fee', align: 'end', cell: (plan) => ruleCell(planCells(plan).fee) },
  { id: 'validity_months', header: 'Validity', cell: (plan) => ruleCell(planCells(plan).validity) },
  { id: 'member_count', header: 'Members', align: 'end', cell: (plan) => planCells(plan).members },
];

export default function MembershipPlans() {
  const session = useStore($session);
  const can = { add: holdsPermission(session, 'add_members'), change: holdsPermission(session, 'change_members'), delete: holdsPermission(session, 'delete_members') };
  const [plans, setPlans] = useState<Plan[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [reloading, setReloading] = useState(true);
  const [editing, setEditing] = useState<Plan | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Plan | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const load = useCallback(async () => {
    setReloading(true);
    try {
      setPlans(await fetchPlans());
      setLoadError(null);
    } catch (error) {
      setLoadError(callErrorMessage('fetch-plans', error));
    } finally {
      setReloading(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  async function confirmDelete() {
    if (!deleting) return;
    setDeleteError(null);
    try {
      await deletePlan(deleting.id);
    } catch (error) {
      setDeleteError(callErrorMessage('delete-plan', error));
      throw error;
    }
    toast.success(NOTICES.planDeleted(deleting.name));
    await load();
  }

  const editable = can.change || can.delete;

  return (
    <>
      <PageHeader
        title="Membership"
        actions={
          can.add ? (
            <Button onClick={() => setEditing('new')} disabled={plans === null}>
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
        columns={COLUMNS}
        rows={plans ?? []}
        rowKey={(plan) => plan.id}
        loading={reloading && plans === null}
        emptyText="No plans yet."
        notice={
          loadError ? (
            <Alert tone="error" className={css({ mb: '3' })}>
              {loadError}{' '}
              <Button variant="outline" onClick={() => void load()}>
                Retry
              </Button>
            </Alert>
          ) : undefined
        }
        rowActions={
          editable
            ? (plan) => (
                <span className={rowActionsClass}>
                  {can.change && (
                    <Button variant="outline" onClick={() => setEditing(plan)} aria-label={`Edit ${plan.name}`}>
                      Edit
                    </Button>
                  )}
                  {can.delete && (
                    <Button
                      variant="ghost"
                      className={css({ color: 'danger.default' })}
                      onClick={() => {
                        setDeleteError(null);
                        setDeleting(plan);
                      }}
                      aria-label={`Delete ${plan.name}`}
                    >
                      Delete
                    </Button>
                  )}
                </span>
              )
            : undefined
        }
      />
      {plans && plans.length > 0 && <MemberPlanPanel plans={plans} canMove={can.change} onMoved={load} />}
      <PlanFormDialog plan={editing} plans={plans ?? []} onClose={() => setEditing(null)} onSaved={load} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) {
            setDeleting(null);
            setDeleteError(null);
          }
        }}
        title={`Delete plan “${deleting?.name ?? ''}”?`}
        description="The plan is removed. A plan members are on, and the default plan, cannot be deleted."
        confirmLabel="Delete plan"
        busyLabel="Deleting..."
        onConfirm={confirmDelete}
      >
        {deleteError && <Alert tone="error">{deleteError}</Alert>}
      </ConfirmDialog>
    </>
  );
}
