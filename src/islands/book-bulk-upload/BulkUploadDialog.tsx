/** The book CSV bulk upload dialog. Placeholder until the upload lands. */
import { Modal } from '../../components/Modal';

export default function BulkUploadDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return <Modal open={open} onOpenChange={(next) => !next && onClose()} title="Bulk Upload Books">{null}</Modal>;
}
