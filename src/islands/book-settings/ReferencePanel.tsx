/**
 * One reference-data panel of Book Settings (categories, languages, departments or academic
 * sessions): the list in
 * alphabetical order with a filter box when it is long, an inline add form, inline rename (Enter
 * saves, Escape cancels; categories also change their image there) and delete behind the red
 * confirm dialog. Each action shows only with its permission; errors follow the error catalogue ('Error
 * Adding Category', or the server's own message such as "This category is used by 3 books.").
 */
import type { ReadableAtom } from 'nanostores';
import { useId, useMemo } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useReferenceList } from '../../components/use-reference-list';
import { Panel } from '../../components/Panel';
import { Alert } from '../../components/ui/Alert';
import { LoadingState } from '../../components/ui/Spinner';
import { TextField } from '../../components/ui/TextField';
import type { ReferenceKind } from '../../lib/api/reference';
import { FILTER_THRESHOLD, REFERENCE_LABELS, filterByName, referenceErrorMessage, sortByName } from '../../lib/book-settings';
import type { ReferenceItem } from '../../lib/reference-panel';
import { $adminSessions, $categories, $departments, $languages, type ReferenceList } from '../../stores/reference';
import { ReferenceAddForm } from './ReferenceAddForm';
import { ReferenceRow, type ReferencePermissions } from './ReferenceRow';
import { referencePanel as parts } from './reference-styles';
import { useReferencePanel } from './use-reference-panel';

export type { ReferencePermissions } from './ReferenceRow';

const lists: Record<ReferenceKind, ReadableAtom<ReferenceList<ReferenceItem>>> = {
  category: $categories,
  language: $languages,
  department: $departments,
  session: $adminSessions,
};

const INTROS: Record<ReferenceKind, string> = {
  category: 'Subjects books are filed under; the image shows in the online catalogue.',
  language: 'Languages a book can be written in.',
  department: 'Departments books belong to (members choose theirs when they register).',
  session: 'Academic sessions members belong to, such as 2024-2028 (members choose theirs when they register).',
};


export function ReferencePanel({ kind, can }: { kind: ReferenceKind; can: ReferencePermissions }) {
  const labels = REFERENCE_LABELS[kind];
  const lower = labels.one.toLowerCase();
  const lowerMany = labels.many.toLowerCase();
  const headingId = useId();
  const loaded = useReferenceList(lists[kind], can.view);
  const items = useMemo(() => (loaded.status === 'ready' ? sortByName(loaded.items) : null), [loaded]);
  const loadError = loaded.status === 'failed' ? referenceErrorMessage(loaded.error, kind, 'fetch') : null;
  const panel = useReferencePanel(kind, items);
  const { flow, dispatch } = panel;
  const shown = useMemo(() => (items ? filterByName(items, flow.filter) : []), [items, flow.filter]);
  const count = items ? ` (${items.length})` : '';

  return (
    <Panel title={<span id={headingId}>{`${labels.many}${count}`}</span>} intro={INTROS[kind]}>
      {!can.view ? (
        <Alert tone="info" title="Not available">
          Seeing {lowerMany} needs the “View {lowerMany}” permission.
        </Alert>
      ) : loadError ? (
        <Alert tone="error">{loadError}</Alert>
      ) : !items ? (
        <LoadingState text="Loading..." />
      ) : (
        <>
          {can.add && <ReferenceAddForm kind={kind} panel={panel} />}
          {items.length > FILTER_THRESHOLD && (
            <div className={parts.filter}>
              <TextField label={`Filter ${lowerMany}`} type="search" value={flow.filter} onChange={(event) => dispatch({ type: 'filter', text: event.target.value })} placeholder="Type part of a name" />
            </div>
          )}
          {items.length === 0 ? (
            <p className={parts.empty}>No {lowerMany} yet.{can.add ? ` Add the first one above.` : ''}</p>
          ) : shown.length === 0 ? (
            <p className={parts.empty} role="status">
              No {lowerMany} match “{flow.filter.trim()}”.
            </p>
          ) : (
            <ul className={parts.list} aria-labelledby={headingId}>
              {shown.map((item) => (
                <ReferenceRow key={String(item.id)} kind={kind} item={item} can={can} panel={panel} />
              ))}
            </ul>
          )}
        </>
      )}
      <ConfirmDialog
        open={flow.toDelete !== null}
        onOpenChange={(open) => !open && panel.closeDelete()}
        title={`Delete ${lower} “${flow.toDelete?.name ?? ''}”?`}
        description={`It is removed from the list. A ${lower} still used by ${kind === 'session' ? 'members' : 'books'} cannot be deleted.`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        onConfirm={panel.confirmDelete}
      >
        {flow.deleteError && <Alert tone="error">{flow.deleteError}</Alert>}
      </ConfirmDialog>
    </Panel>
  );
}
