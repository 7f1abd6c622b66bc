/**
 * The member record's actions bar: which dialog is open (Place a hold, Renew membership) and the
 * renewal read from his desk panel when asked for. A closed dialog keeps nothing.
 */
import { useState } from 'react';
import { fetchDeskPanel } from '../../lib/checkout-session-api';
import type { RenewalOffer } from '../../lib/checkout-session-panel';
import { callErrorMessage } from '../../lib/errors';
import { recordRenewal } from '../../lib/member-record';

export type RecordDialog = { kind: 'hold' } | { kind: 'renew'; offer: RenewalOffer } | null;

/** The bar's state for member `memberId`; `today`, `canCollect` and `dateFormat` shape the renewal offer. */
export function useRecordActions(memberId: string, today: string, canCollect: boolean, dateFormat: string | null | undefined) {
  const [dialog, setDialog] = useState<RecordDialog>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  return {
    dialog,
    problem,
    reading,
    placeHold: () => {
      setProblem(null);
      setDialog({ kind: 'hold' });
    },
    /** Reads his membership and plan from the desk panel, then asks; a member with none is told why. */
    async renew() {
      setProblem(null);
      setReading(true);
      try {
        const answer = recordRenewal(await fetchDeskPanel(memberId), today, canCollect, dateFormat);
        if ('offer' in answer) setDialog({ kind: 'renew', offer: answer.offer });
        else setProblem(answer.problem);
      } catch (failure: unknown) {
        setProblem(callErrorMessage('member-issue-summary', failure));
      } finally {
        setReading(false);
      }
    },
    close: () => setDialog(null),
  };
}
