/**
 * The Collect fines dialog's flow: the member's open fines load (all ticked), the form (the one
 * form hook), the live preview, then Collect checks and asks; the call runs from the confirmation.
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { collectFines, fetchMemberFines } from '../../lib/api/fines';
import { EMPTY_COLLECT, collectBody, collectPreview, collectableFines, validateCollect, type CollectField, type CollectValues, type CollectableFine } from '../../lib/collect-form';
import { COLLECT_FIELDS, renameCollectFields, toggled } from '../../lib/collect-flow';
import { callErrorMessage } from '../../lib/errors';
import { NOTICES } from '../../lib/notices';
import { toast } from '../ui/Toaster';
import { useForm } from '../use-form';

/** The dialog's state and steps for one member. */
export function useCollectFines(memberId: string | number, onCollected: (receiptNo: string | null) => void) {
  const [fines, setFines] = useState<CollectableFine[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [selected, setSelected] = useState<Set<string | number>>(() => new Set());
  const [confirming, setConfirming] = useState(false);
  const form = useForm<CollectValues, keyof CollectValues, CollectField>({ initial: EMPTY_COLLECT });
  const values = form.values ?? EMPTY_COLLECT;

  useEffect(() => {
    let live = true;
    fetchMemberFines(memberId)
      .then((rows) => {
        if (!live) return;
        const open = collectableFines(rows);
        setFines(open);
        setSelected(new Set(open.map((fine) => fine.row.id)));
      })
      .catch((failure: unknown) => live && setLoadError(callErrorMessage('fine-list', failure)));
    return () => {
      live = false;
    };
  }, [memberId]);

  const preview = useMemo(() => collectPreview(fines ?? [], selected, values), [fines, selected, values]);
  const check = (v: CollectValues) => validateCollect(v, collectPreview(fines ?? [], selected, v), selected.size);

  const toggle = (id: string | number, on: boolean) => {
    setSelected((current) => toggled(current, id, on));
    form.setFieldError('fines', undefined);
  };

  // Submitting only checks and asks for confirmation; the call runs from the confirmation.
  const review = (event: FormEvent<HTMLFormElement>) => form.submit(event, { validate: check, send: async () => setConfirming(true), fields: COLLECT_FIELDS, summary: () => null });

  async function collect() {
    const ok = await form.submit(null, {
      validate: check,
      send: async (v) => {
        try {
          const answer = await collectFines(collectBody(memberId, fines ?? [], selected, v));
          toast.success(NOTICES.finesCollected(answer.receipt_no));
          onCollected(answer.receipt_no ?? null);
        } catch (failure) {
          // The server's field names differ from the form's: carry its errors across.
          throw renameCollectFields(failure);
        }
      },
      fields: COLLECT_FIELDS,
      summary: (failure, shown) => (shown ? null : callErrorMessage('fine-collect', failure)),
    });
    if (!ok) setConfirming(false);
  }

  return { ...form, values, fines, loadError, selected, toggle, preview, confirming, setConfirming, review, collect };
}

/** The Collect fines flow of one dialog. */
export type CollectFlow = ReturnType<typeof useCollectFines>;
