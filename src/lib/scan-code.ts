/**
 * A copy's barcode wherever a person scans: what a scanned code is once copies have barcodes, and
 * what the issue and return desks do with a copy. A copy's barcode (its accession number unless set
 * otherwise, "ACC-00012" by default) has the shape of a member number or, with an empty prefix, of
 * digits, so a code that may be a copy's is looked up as a copy first (one exact lookup, 404 when
 * none) and only then read as `scan.ts` reads it; an ISBN is read as an ISBN first. A copy is lent
 * only when on the shelf, or held for the member being served; a return by scan finds the copy's
 * open loan. Pure: the calls are handed in.
 */
import { ACCESSION_LIMITS, ACCESSION_PATTERN, COPY_MESSAGES, COPY_STATUS_LABELS } from '#shared/copies';
import { classifyCode, resolveCode, SCAN_MESSAGES, type ScanCalls } from './scan';
import type { CopyMember, CopyView } from './schemas/copies';

type Id = string | number;

/** The copy facts the desks read (the lookup's CopyView). */
export type ScannedCopy = Pick<CopyView, 'id' | 'accession_no' | 'barcode' | 'status' | 'book' | 'loan' | 'hold'>;

/** Whether a code could be a copy's barcode or accession number (the characters a scanner types, bounded). */
export function mayBeCopyCode(raw: string): boolean {
  const text = raw.trim();
  return text.length > 0 && text.length <= ACCESSION_LIMITS.codeMax && ACCESSION_PATTERN.test(text);
}

/** The order a code is tried in: an ISBN as an ISBN first, any other copy-shaped code as a copy first. */
export function scanOrder(raw: string): ReadonlyArray<'copy' | 'code'> {
  if (!mayBeCopyCode(raw)) return ['code'];
  return classifyCode(raw).kind === 'isbn' ? ['code', 'copy'] : ['copy', 'code'];
}

/** The issue desk's calls: scan.ts's, plus the copy lookup (null when no copy has the code). */
export interface DeskScanCalls<M, B> extends ScanCalls<M, B> {
  lookupCopy: (code: string) => Promise<ScannedCopy | null>;
}

/** What a desk scan found: a member, a book, a copy, or the message for the scan input. */
export type DeskScan<M, B> = { kind: 'member'; member: M } | { kind: 'book'; book: B } | { kind: 'copy'; copy: ScannedCopy } | { kind: 'none'; message: string };

/** The messages of scanning copies. */
export const SCAN_COPY_MESSAGES = {
  empty: 'Scan or type a member number, ISBN, copy barcode or book id.',
  /** Keeps scan.ts's words ("… is not a member number, ISBN or book id") and adds the copy. */
  unknown: (text: string): string => `${SCAN_MESSAGES.unknown(text).replace(/\.$/, '')}, nor a copy’s barcode.`,
  noCopy: (code: string): string => `No copy has the barcode or accession number ${code}.`,
  notOnShelf: (copy: ScannedCopy): string => `${COPY_MESSAGES.notAvailable} Copy ${copy.accession_no} is ${statusWords(copy)}.`,
  heldForAnother: (copy: ScannedCopy): string => `${COPY_MESSAGES.heldForAnother} Copy ${copy.accession_no} is held for ${personName(copy.hold?.member)}.`,
  notOnLoan: (copy: ScannedCopy): string => `Copy ${copy.accession_no} of “${copy.book.title}” is not on loan: it is ${statusWords(copy)}.`,
} as const;

/** How a member is named in a copy's words: "Full Name (MBR-0001)", else the username or number. */
export function personName(member: CopyMember | null | undefined): string {
  if (!member) return 'another member';
  const handle = member.member_id || member.username || `#${member.id}`;
  return member.full_name ? `${member.full_name} (${handle})` : handle;
}

/** A copy's status in words, with its borrower or holder when it has one ("on loan to Ann Lee (MBR-0001)"). */
export function statusWords(copy: Pick<ScannedCopy, 'status' | 'loan' | 'hold'>): string {
  const label = COPY_STATUS_LABELS[copy.status].toLowerCase();
  if (copy.status === 'ON_LOAN' && copy.loan) return `${label} to ${personName(copy.loan.member)}`;
  if (copy.status === 'ON_HOLD' && copy.hold) return `held for ${personName(copy.hold.member)}`;
  return label;
}

/**
 * Resolves a desk scan: a copy by its exact barcode or accession number, else scan.ts's member, ISBN
 * or book id. A code tried as a copy first is also read as scan.ts reads it at the same time, so a
 * member number costs no extra wait; a copy found wins.
 */
export async function resolveDeskScan<M extends { member_id?: string | null | undefined }, B extends { id: Id; isbn?: string | null | undefined }>(
  raw: string,
  calls: DeskScanCalls<M, B>,
): Promise<DeskScan<M, B>> {
  const code = raw.trim();
  if (!code) return { kind: 'none', message: SCAN_COPY_MESSAGES.empty };
  const order = scanOrder(code);
  if (order[0] === 'copy') {
    const asCode = resolveCode(code, calls).then(
      (found) => ({ ok: true as const, found }),
      (failure: unknown) => ({ ok: false as const, failure }),
    );
    const copy = await calls.lookupCopy(code);
    if (copy) return { kind: 'copy', copy };
    const read = await asCode;
    if (!read.ok) throw read.failure;
    return read.found.kind === 'none' ? { kind: 'none', message: missMessage(code, read.found.message) } : read.found;
  }
  const found = await resolveCode(code, calls);
  if (found.kind !== 'none') return found;
  if (!order.includes('copy')) return { kind: 'none', message: missMessage(code, found.message) };
  const copy = await calls.lookupCopy(code);
  return copy ? { kind: 'copy', copy } : { kind: 'none', message: missMessage(code, found.message) };
}

/** The message when nothing has the code: scan.ts's miss, saying the copy was looked for too. */
function missMessage(code: string, miss: string | null): string {
  const kind = classifyCode(code).kind;
  if (kind === 'unknown') return SCAN_COPY_MESSAGES.unknown(code);
  const copyToo = mayBeCopyCode(code) ? ` ${SCAN_COPY_MESSAGES.noCopy(code)}` : '';
  return `${miss ?? ''}${copyToo}`.trim();
}

/**
 * Why this copy cannot be lent to the member being served, or null when it can: it is on the shelf,
 * or held for him. A copy held for someone while no member is picked yet may still be lent (to him).
 */
export function copyIssueProblem(copy: ScannedCopy, memberId: Id | null | undefined): string | null {
  if (copy.status === 'AVAILABLE') return null;
  if (copy.status !== 'ON_HOLD') return SCAN_COPY_MESSAGES.notOnShelf(copy);
  if (memberId === null || memberId === undefined || memberId === '') return null;
  return copy.hold && String(copy.hold.member.id) === String(memberId) ? null : SCAN_COPY_MESSAGES.heldForAnother(copy);
}

/** What the issue desk says about its picked copy: "Copy ACC-00012", and for whom it is held. */
export function copyPickText(copy: ScannedCopy): string {
  return copy.status === 'ON_HOLD' && copy.hold ? `Copy ${copy.accession_no}, held for ${personName(copy.hold.member)}` : `Copy ${copy.accession_no}`;
}

/** The return desk's reading of a scanned copy: its open loan's id, or why there is none. */
export function loanOfCopy(copy: ScannedCopy): { kind: 'loan'; loanId: string; bookId: string; memberId: string } | { kind: 'none'; message: string } {
  if (copy.status !== 'ON_LOAN' || !copy.loan) return { kind: 'none', message: SCAN_COPY_MESSAGES.notOnLoan(copy) };
  return { kind: 'loan', loanId: String(copy.loan.id), bookId: String(copy.book.id), memberId: String(copy.loan.member.id) };
}
