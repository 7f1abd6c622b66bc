/**
 * The member CSV import in the bulk upload dialog: the member template's
 * 21 columns, departments and sessions checked against the library's lists (the server rejects
 * unknown ones), `POST users/bulk-upload-members/`, toasts the server's detail, 'Upload
 * successful!' or 'Upload failed.', and the member lists reload.
 */
import { bulkUploadMembers } from '../../lib/api/members';
import { callErrorMessage } from '../../lib/errors';
import { memberKnownNames, previewMemberCsvFile, type MemberKnownNames } from '../../lib/member-csv';
import { MEMBER_CSV_COLUMNS, type MemberCsvColumn } from '#shared/member-rules';
import { membersChanged } from '../../stores/members';
import { $memberDepartments, $memberSessions, referenceItems, settledReferenceList } from '../../stores/reference';
import type { UploadTarget } from './upload-target';

/** The library's departments and sessions; a list that could not be read is not checked. */
async function loadKnownNames(): Promise<MemberKnownNames> {
  const [departments, sessions] = await Promise.all([settledReferenceList($memberDepartments), settledReferenceList($memberSessions)]);
  const department = referenceItems(departments);
  const session = referenceItems(sessions);
  return memberKnownNames({ ...(department ? { department } : {}), ...(session ? { session } : {}) });
}

let names: Promise<MemberKnownNames> | null = null;

/** The member import. */
export const memberUpload: UploadTarget<MemberCsvColumn> = {
  title: 'Bulk Upload Members',
  description: "Upload a .csv file with the Member Template's columns. It is checked here before anything is sent.",
  templateLabel: 'Member Template',
  noun: 'member',
  columns: MEMBER_CSV_COLUMNS,
  maskedColumns: ['password'],
  nameLabels: { department: 'Departments', session: 'Sessions' },
  unknownNamesNote: 'Rows with unknown departments or sessions are rejected; add them in Book Settings first, or leave the cell blank.',
  prepare() {
    names ??= loadKnownNames();
  },
  async preview(file, onProgress) {
    return previewMemberCsvFile(file, await (names ??= loadKnownNames()), onProgress);
  },
  upload: (file) => bulkUploadMembers(file),
  successFallback: 'Upload successful!',
  errorMessage: (error) => callErrorMessage('member-bulk-upload', error),
  imported: () => membersChanged(),
};
