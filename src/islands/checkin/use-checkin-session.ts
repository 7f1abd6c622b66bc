/**
 * The check-in desk's flow over the pure session (`lib/checkin-session`): each scan is a row at
 * once and is sent at once (scans of different copies do not wait for each other); the answer fills
 * its row. A copy set aside for a hold offers its slip at once. Undo asks first (the row names
 * itself), then the loan is open again and the row says so.
 */
import { useReducer, useRef, useState } from 'react';
import { checkInCopy, undoReturn } from '../../lib/checkin-session-api';
import { announceLoansChanged } from '../../lib/desk-shortcuts';
import { checkinBody, checkinErrorMessage, checkinReducer, emptyCheckinSession, holdSlipOf, undoErrorMessage, type CheckinEntry, type HoldSlip } from '../../lib/checkin-session';

export function useCheckinSession(today: string) {
  const [session, dispatch] = useReducer(checkinReducer, emptyCheckinSession);
  // Blank: the library's today, whenever the scan is made (the settings' zone may load after the first draw).
  const [returnDate, setReturnDate] = useState('');
  /** The latest copy set aside, offered for printing at once; the slip being printed. */
  const [offer, setOffer] = useState<HoldSlip | null>(null);
  const [printing, setPrinting] = useState<{ slip: HoldSlip; request: number } | null>(null);
  const [undoing, setUndoing] = useState<CheckinEntry | null>(null);
  const [undoError, setUndoError] = useState<string | null>(null);
  const keys = useRef(0);

  function scan(text: string) {
    const barcode = text.trim();
    if (!barcode) return;
    const key = (keys.current += 1);
    dispatch({ type: 'scanned', key, barcode });
    checkInCopy(checkinBody(barcode, returnDate || today, today))
      .then((answer) => {
        dispatch({ type: 'answered', key, answer });
        if (answer.hold_slip) setOffer(holdSlipOf(answer.hold_slip));
        if (answer.result === 'RETURNED') announceLoansChanged();
      })
      .catch((failure: unknown) => dispatch({ type: 'failed', key, message: checkinErrorMessage(failure) }));
  }

  /** Undo of the row asked for; throws the server's reason so the confirmation shows it. */
  async function undo(entry: CheckinEntry) {
    if (entry.loanId === null) return;
    try {
      await undoReturn(entry.loanId);
    } catch (failure) {
      const message = undoErrorMessage(failure);
      setUndoError(message);
      throw new Error(message);
    }
    dispatch({ type: 'undone', key: entry.key });
    announceLoansChanged();
    if (entry.holdSlip && offer?.reservationId === entry.holdSlip.reservationId) setOffer(null);
  }

  return {
    entries: session.entries,
    returnDate: returnDate || today,
    setReturnDate: (date: string) => setReturnDate(date === today ? '' : date),
    scan,
    offer,
    dismissOffer: () => setOffer(null),
    printing,
    printSlip: (slip: HoldSlip) => setPrinting((last) => ({ slip, request: (last?.request ?? 0) + 1 })),
    undoing,
    undoError,
    askUndo: (entry: CheckinEntry | null) => (setUndoing(entry), setUndoError(null)),
    undo,
    collected: (key: number, receiptNo: string | null) => dispatch({ type: 'collected', key, receiptNo }),
  };
}
