/** The Add/Update Book modal (section 2). Placeholder until the form lands. */
import { closeBookDialog } from '../../stores/catalogue';
import { Modal } from '../../components/Modal';

export default function BookFormModal() {
  return <Modal open onOpenChange={(open) => !open && closeBookDialog()} title="Add New Book">{null}</Modal>;
}
