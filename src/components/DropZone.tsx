/**
 * The one drop zone of every file upload: Ark's FileUpload.Dropzone as a drop target only. The zone
 * is a named group, not a button, because it holds the upload's own buttons ("Choose image",
 * "Remove") and a button inside a button is a nested interactive control that keyboard and
 * screen-reader users cannot reach as two (WCAG 4.1.2). Choosing by keyboard or click goes through
 * the FileUpload.Trigger inside it; dropping a file still works on the whole zone.
 */
import { FileUpload, type FileUploadDropzoneProps } from '@ark-ui/react/file-upload';

/** A drop zone (`aria-label` names what it takes) around an upload's trigger and its other buttons. */
export function DropZone(props: Omit<FileUploadDropzoneProps, 'disableClick' | 'role'>) {
  return <FileUpload.Dropzone {...props} disableClick role="group" />;
}
