/**
 * The staff top bar's buttons on member paths (holders of add_members): Add Member opens the Add
 * Member form, Bulk Upload the CSV upload dialog (the one the books use), Member Template
 * downloads `members-template.csv`. From 768 px they are buttons; on phones one "Members" menu
 * holds the same three actions. The dialog and the template's code load on first use.
 */
import { lazy, Suspense, useState } from 'react';
import { pathFor } from '#shared/routes';
import { downloadTemplate, PageActions } from './PageActions';

const MemberBulkUpload = lazy(() => import('../../components/bulk-upload/MemberBulkUpload'));

/** Member Template: its CSV code loads on first use. */
const downloadMemberTemplate = () => downloadTemplate(async () => (await import('../../lib/member-template')).downloadMemberTemplate, 'member-template');

export function MemberActions() {
  const [bulkOpen, setBulkOpen] = useState(false);
  const formPath = pathFor('member-add-form');
  const openBulkUpload = () => setBulkOpen(true);
  return (
    <>
      <PageActions
        label="Members"
        triggerId="members-menu-trigger"
        actions={[
          { value: 'add-member', label: 'Add Member', href: formPath, run: () => window.location.assign(formPath) },
          { value: 'bulk-upload', label: 'Bulk Upload', run: openBulkUpload },
          { value: 'member-template', label: 'Member Template', run: () => void downloadMemberTemplate() },
        ]}
      />
      {bulkOpen && (
        <Suspense fallback={null}>
          <MemberBulkUpload open={bulkOpen} onClose={() => setBulkOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
