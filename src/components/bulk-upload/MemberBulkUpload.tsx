/** The bulk upload dialog for members, loaded on first use by the staff top bar's member actions. */
import { BulkUploadDialog } from './BulkUploadDialog';
import { memberUpload } from './member-upload';

export default function MemberBulkUpload({ open, onClose }: { open: boolean; onClose: () => void }) {
  return <BulkUploadDialog target={memberUpload} open={open} onClose={onClose} />;
}
