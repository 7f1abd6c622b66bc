/**
 * The fields of an audit entry's before and after as people read them: each field's label
 * (`due_date` → "Due date"), money in the library's currency (snapshots hold minor units, or the
 * wire's decimal string for a few fee fields: both read "Rs. 1,250.00"), dates in the library's date
 * format, moments in its zone, yes/no for flags, lists joined. The Audit Trail's change table, its
 * sentences and its CSV use these, on the site and on the server alike.
 */
import { formatDate, momentText, type MomentFormat } from './dates.js';
import { formatAmount, formatMoney } from './money.js';

/** A snapshot as stored (`before` or `after`): JSON of the record's fields. */
export type Snapshot = Record<string, unknown>;

/** Fields whose numbers are money, in every snapshot that has them (nested ones by their own name). */
export const MONEY_FIELDS: ReadonlySet<string> = new Set([
  'amount',
  'book_price',
  'block_fines_over',
  'cancelled_amount',
  'cash',
  'collected',
  'collected_amount',
  'discount',
  'fee',
  'fine',
  'fine_at_today',
  'fine_charged',
  'fine_per_day',
  'lost_processing_fee',
  'max_overdue_fine',
  'overdue_fine',
  'owed_on_selected',
  'price',
  'processing_fee',
  'refunded',
  'remaining',
  'remaining_on_selected',
  'security_fee',
  'waived',
]);

/** Labels that the field's name alone would not give ("Isbn", "Receipt no"). */
const LABELS: Readonly<Record<string, string>> = {
  isbn: 'ISBN',
  receipt_no: 'Receipt number',
  accession_no: 'Accession number',
  accession_numbers: 'Accession numbers',
  member_id: 'Member',
  user_id: 'User',
  book_id: 'Book',
  copy_id: 'Copy',
  loan_id: 'Loan',
  fine_id: 'Charge',
  plan_id: 'Plan',
  rack_no: 'Rack number',
  returned_at: 'Returned on',
  collected: 'Collected',
  cash: 'Cash collected',
  fine: 'Fine',
  fee_type: 'Kind of charge',
  is_verified: 'E-mail verified',
  is_active: 'Active',
  is_default: 'Default plan',
  is_defaulter: 'Owes fines',
  user_ids: 'Users',
  hold_until: 'Held until',
  membership_expires: 'Membership ends',
  membership_start: 'Membership starts',
  fine_per_day: 'Fine per day',
  max_books_per_member: 'Books per member',
  max_issue_duration: 'Loan period (days)',
  owed_on_selected: 'Owed on the chosen charges',
  remaining_on_selected: 'Left on the chosen charges',
};

/** A field's label: the listed one, else its name in words ("due_date" → "Due date"; "book.status" → "Book: status"). */
export function fieldLabel(key: string): string {
  const dot = key.indexOf('.');
  if (dot > 0) return `${fieldLabel(key.slice(0, dot))}: ${fieldLabel(key.slice(dot + 1)).toLowerCase()}`;
  const listed = LABELS[key];
  if (listed) return listed;
  const words = key.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const lastPart = (key: string): string => key.slice(key.lastIndexOf('.') + 1);

/** Whether a field holds money (by its own name, nested or not). */
export const isMoneyField = (key: string): boolean => MONEY_FIELDS.has(lastPart(key));

/** One field's value for people: money, dates and moments in the library's formats; '—' for none. */
export function fieldValueText(key: string, value: unknown, format: MomentFormat = {}): string {
  if (value === null || value === undefined || value === '') return '—';
  if (isMoneyField(key) && typeof value === 'number') return formatMoney(value);
  if (isMoneyField(key) && typeof value === 'string') return formatAmount(value) ?? value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') {
    if (ISO_DAY.test(value)) return formatDate(value, format.date_format) ?? value;
    if (ISO_MOMENT.test(value)) return momentText(value, format);
    return value;
  }
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map((item) => (typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item))).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A snapshot from its stored form (JSON text or an object); null when empty or not an object. */
export function readSnapshot(value: unknown): Snapshot | null {
  if (value === null || value === undefined || value === '') return null;
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return { value };
    }
  }
  if (typeof parsed !== 'object' || parsed === null) return parsed === null ? null : { value: parsed };
  return Array.isArray(parsed) ? { value: parsed } : (parsed as Snapshot);
}

/** A snapshot with nested records opened one level ("book.status"), in order of appearance. */
export function flatFields(snapshot: Snapshot | null): [string, unknown][] {
  if (!snapshot) return [];
  return Object.entries(snapshot).flatMap(([key, value]): [string, unknown][] =>
    typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.entries(value as Snapshot).map(([inner, v]): [string, unknown] => [`${key}.${inner}`, v]) : [[key, value]],
  );
}

/** One line of the change table: the field's label, and its value before and after in words. */
export interface FieldChange {
  key: string;
  label: string;
  before: string;
  after: string;
}

/** The fields that differ between before and after (added and removed ones too), labelled; unchanged fields are left out. */
export function fieldChanges(before: unknown, after: unknown, format: MomentFormat = {}): FieldChange[] {
  const a = new Map(flatFields(readSnapshot(before)));
  const b = new Map(flatFields(readSnapshot(after)));
  const keys = [...new Set([...a.keys(), ...b.keys()])];
  // A field that reads the same on both sides (empty before, null after) did not change for a reader.
  return keys
    .filter((key) => JSON.stringify(a.get(key)) !== JSON.stringify(b.get(key)))
    .map((key) => ({ key, label: fieldLabel(key), before: fieldValueText(key, a.get(key), format), after: fieldValueText(key, b.get(key), format) }))
    .filter((change) => change.before !== change.after);
}
