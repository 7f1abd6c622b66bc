/**
 * The Collect fines dialog's flow, pure beside lib/collect-form's rules: the ticked fines as a
 * set, the question asked before the call, and the server's field names carried to the form's.
 */
import { formatMoney, toMinorUnits } from '#shared/money';
import type { CollectField, CollectPreview } from './collect-form';

/** The server's field names and the form's fields they show under. */
const SERVER_FIELDS: Record<string, CollectField> = { issued_ids: 'fines', collected_amount: 'amount', discount: 'discount', discount_reason: 'discount_reason' };

/** The fields whose server refusals show under them. */
export const COLLECT_FIELDS: readonly CollectField[] = ['fines', 'amount', 'discount', 'discount_reason'];

/** The ticked fines after one is ticked or unticked. */
export function toggled<T>(selected: ReadonlySet<T>, id: T, on: boolean): Set<T> {
  const next = new Set(selected);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

/** The confirmation's sentence: what is recorded from whom, and what remains. */
export function collectQuestion(preview: Pick<CollectPreview, 'cash' | 'discount' | 'remaining'>, memberName: string): string {
  const discount = preview.discount > 0 ? ` and ${formatMoney(preview.discount)} discount` : '';
  return `Record ${formatMoney(preview.cash)} received${discount} from ${memberName}? ${formatMoney(preview.remaining)} will remain on the ticked fines.`;
}

/** A failed call whose field errors are renamed to the form's fields (issued_ids → fines...). */
export function renameCollectFields(failure: unknown): unknown {
  if (typeof failure !== 'object' || failure === null || !('data' in failure)) return failure;
  const data = (failure as { data: unknown }).data;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return failure;
  const renamed = Object.fromEntries(Object.entries(data).map(([key, value]) => [SERVER_FIELDS[key] ?? key, value]));
  return { ...(failure as object), data: renamed };
}

/** A member's fines added up in minor units: charged, paid, waived, cancelled and what remains owed (a cancelled charge is never owed). */
export function fineTotals(
  rows: readonly { amount: string | number; collected_amount: string | number; discount: string | number; remaining_fines: string | number; cancelled_amount?: string | number | null | undefined }[],
) {
  const minor = (value: string | number | null | undefined): number => toMinorUnits(value ?? 0) ?? 0;
  const sum = (pick: (row: (typeof rows)[number]) => string | number | null | undefined): number => rows.reduce((total, row) => total + minor(pick(row)), 0);
  return {
    charged: sum((row) => row.amount),
    paid: sum((row) => row.collected_amount),
    waived: sum((row) => row.discount),
    cancelled: sum((row) => row.cancelled_amount),
    owed: sum((row) => row.remaining_fines),
  };
}
