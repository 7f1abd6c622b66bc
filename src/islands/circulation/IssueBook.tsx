/**
 * The Issue Book page (books/issue). Staff see the issued list with an "Issue Book" button
 * (holders of add_bookissuance; Alt+I) that opens the Book issue dialog, loaded on first use, and
 * an Edit and a Return per loan (holders of change_bookissuance; Return opens the Return Book
 * dialog with the loan already chosen, and the returned loan leaves the list). The page opens the dialog once when reached
 * with `?dialog=issue` (the Alt+I shortcut from another page) or when Alt+I is pressed here.
 * Members on the same path see their own loans with Renew (IssueMemberLoans).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { ReturnDialog, preloadReturnDialog } from '../../components/circulation/ReturnDialog';
import { Button } from '../../components/ui/Button';
import { lazyPart, useLazyPart } from '../../components/ui/lazy-part';
import { todayIn } from '#shared/dates';
import { DESK_SHORTCUTS, DIALOG_PARAM, OPEN_DESK_DIALOG_EVENT, asksForDialog, onLoansChanged } from '../../lib/desk-shortcuts';
import { isStaffRole } from '#shared/permission-codes';
import { holdsPermission } from '../../lib/permissions';
import { loanFromRecord, type ReturnLoan } from '../../lib/return-form';
import type { IssuedRecord } from '../../lib/schemas/circulation';
import { $librarySettings } from '../../stores/library-settings';
import { $session } from '../../stores/session';
import { IssuedList } from './IssuedList';
import { IssueMemberLoans } from './IssueMemberLoans';

const dialogPart = lazyPart(() => import('../../components/circulation/IssueDialog'));
const ignore = () => undefined;

/** Drops `?dialog=issue` once read, so reloading the page does not open the dialog again. */
function dropDialogParam(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(DIALOG_PARAM)) return;
  url.searchParams.delete(DIALOG_PARAM);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

export default function IssueBook() {
  const session = useStore($session);
  const settings = useStore($librarySettings);
  const today = todayIn(settings?.timezone);
  if (!session) return null;
  if (!isStaffRole(session.role)) return <IssueMemberLoans memberId={session.id} today={today} dateFormat={settings?.date_format} />;
  return <StaffIssueBook canIssue={holdsPermission(session, 'add_bookissuance')} canEdit={holdsPermission(session, 'change_bookissuance')} today={today} dateFormat={settings?.date_format} />;
}

function StaffIssueBook({ canIssue, canEdit, today, dateFormat }: { canIssue: boolean; canEdit: boolean; today: string; dateFormat: string | null | undefined }) {
  const loaded = useLazyPart(dialogPart, 'first-use');
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<IssuedRecord | null>(null);
  const [version, setVersion] = useState(0);
  const [returning, setReturning] = useState<ReturnLoan | null>(null);

  const openDialog = (loan: IssuedRecord | null) => {
    setEditing(loan);
    setOpen(true);
    void dialogPart.load().catch(ignore);
  };

  useEffect(() => {
    if (!canIssue) return;
    if (asksForDialog(window.location.search, 'issue')) {
      dropDialogParam();
      openDialog(null);
    }
    // Alt+I on this page: the top bar's listener asks here instead of navigating.
    const onAsk = (event: Event) => {
      if ((event as CustomEvent<string>).detail === 'issue') openDialog(null);
    };
    window.addEventListener(OPEN_DESK_DIALOG_EVENT, onAsk);
    return () => window.removeEventListener(OPEN_DESK_DIALOG_EVENT, onAsk);
  }, [canIssue]);
  // A checkout session on this page issued a copy: the issued list reloads.
  useEffect(() => onLoansChanged(() => setVersion((count) => count + 1)), []);

  return (
    <div>
      <IssuedList
        today={today}
        dateFormat={dateFormat}
        version={version}
        onEdit={canEdit ? (loan) => openDialog(loan) : undefined}
        returnAction={
          canEdit
            ? (loan) => (
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Return ${loan.book.title} from ${loan.member.name ?? 'the member'}`}
                  onPointerEnter={preloadReturnDialog}
                  onClick={() => setReturning(loanFromRecord(loan))}
                >
                  Return
                </Button>
              )
            : undefined
        }
        toolbarEnd={
          canIssue && (
            <Button
              onClick={() => openDialog(null)}
              onPointerEnter={() => void dialogPart.load().catch(ignore)}
              aria-keyshortcuts={DESK_SHORTCUTS.issue.keys}
              title={`Issue Book (${DESK_SHORTCUTS.issue.keys})`}
            >
              Issue Book
            </Button>
          )
        }
      />
      {loaded && (
        <loaded.IssueDialog
          open={open}
          // The loan being edited stays while the dialog closes (its content fades out as it was); each opening sets it.
          onOpenChange={setOpen}
          editing={editing}
          today={today}
          dateFormat={dateFormat}
          onSaved={() => setVersion((n) => n + 1)}
        />
      )}
      <ReturnDialog open={returning !== null} loan={returning} onOpenChange={(next) => !next && setReturning(null)} onReturned={() => setVersion((n) => n + 1)} />
    </div>
  );
}
