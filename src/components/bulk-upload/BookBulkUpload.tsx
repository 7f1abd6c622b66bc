/** The bulk upload dialog for books, loaded on first use by the staff top bar's book actions. */
import { BulkUploadDialog } from './BulkUploadDialog';
import { bookUpload } from './book-upload';

export default function BookBulkUpload({ open, onClose }: { open: boolean; onClose: () => void }) {
  return <BulkUploadDialog target={bookUpload} open={open} onClose={onClose} />;
}
