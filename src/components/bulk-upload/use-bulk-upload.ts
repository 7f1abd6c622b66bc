/**
 * The bulk upload dialog's flow (rules pure in lib/bulk-upload-flow): reading a chosen file in the
 * browser (a newer choice or closing makes an older reading stale), then the upload with its
 * toasts, and the page's lists reloading when rows were imported, also part-way.
 */
import { useEffect, useReducer, useRef } from 'react';
import { failedUpload, isCsvName, refusalOf, uploadOutcome, uploadReducer, uploadStart, UPLOAD_REFUSALS, type UploadAction, type UploadState } from '../../lib/bulk-upload-flow';
import { errorBody, fieldErrors } from '../../lib/errors';
import { toast } from '../ui/Toaster';
import type { UploadTarget } from './upload-target';

const reduce = uploadReducer as (state: UploadState<File>, action: UploadAction<File>) => UploadState<File>;

/** The dialog's state and steps for one import. */
export function useBulkUpload(target: UploadTarget, open: boolean, maxSize: number) {
  const [state, dispatch] = useReducer(reduce, undefined, () => uploadStart<File>());
  const reading = useRef(0);

  useEffect(() => {
    if (open) target.prepare();
    return () => {
      reading.current += 1;
    };
  }, [open, target]);

  async function chooseFile(file: File): Promise<void> {
    const token = ++reading.current;
    dispatch({ type: 'choose', file, reading: token });
    try {
      const preview = await target.preview(file, (fraction) => dispatch({ type: 'progress', reading: token, fraction }));
      dispatch({ type: 'read', reading: token, preview });
    } catch {
      dispatch({ type: 'unreadable', reading: token, name: file.name });
    }
  }

  /** A file the picker took: read it when it is a .csv. */
  function accept(file: File | undefined): void {
    if (!file) return;
    if (!isCsvName(file.name)) dispatch({ type: 'reject', message: UPLOAD_REFUSALS.notCsv(file.name) });
    else void chooseFile(file);
  }

  /** Files the picker turned down. */
  function refuse(rejected: readonly { file: File; errors: readonly string[] }[]): void {
    const message = refusalOf(rejected.map(({ file, errors }) => ({ name: file.name, errors })), maxSize);
    if (message) dispatch({ type: 'reject', message });
  }

  async function upload(): Promise<void> {
    const { stage, createMissing } = state;
    if (stage.kind !== 'preview') return;
    dispatch({ type: 'upload' });
    try {
      const answer = await target.upload(stage.file, { createMissing });
      const outcome = uploadOutcome(answer, stage.preview.rowCount);
      dispatch({ type: 'uploaded', outcome });
      toast.success(answer.detail || target.successFallback);
      if (outcome.imported > 0) target.imported(createMissing);
    } catch (error) {
      const { message, partly } = failedUpload(errorBody(error), target.errorMessage(error), fieldErrors(error)['file']);
      if (partly) target.imported(createMissing);
      dispatch({ type: 'upload-failed', message });
      toast.error(message);
    }
  }

  // Names the last upload created were read again when it finished (the target's `imported`).
  const startAgain = () => dispatch({ type: 'again', reading: ++reading.current });
  const setCreateMissing = (value: boolean) => dispatch({ type: 'create-missing', value });

  const { stage } = state;
  const file = stage.kind === 'choose' ? null : stage.file;
  const preview = stage.kind === 'preview' || stage.kind === 'uploading' ? stage.preview : null;
  return { ...state, file, preview, busy: stage.kind === 'uploading', accept, refuse, upload, startAgain, setCreateMissing };
}

/** The bulk upload flow of one dialog. */
export type BulkUploadFlow = ReturnType<typeof useBulkUpload>;
