/**
 * The checkout session's flow over the pure reducer (`lib/checkout-session`): the one field's
 * scans (a member found by number or name through the member search; scans typed while he is
 * being looked up wait and follow), the copies issued one at a time in scan order, a copy code no
 * copy has read again as a member's card, and the member panel read afresh after each change
 * (only the newest answer counts).
 */
import { useEffect, useReducer, useRef, useState } from 'react';
import { searchMembers } from '../../lib/api/members';
import { fetchDeskPanel, issueCopy } from '../../lib/checkout-session-api';
import { announceLoansChanged } from '../../lib/desk-shortcuts';
import {
  CHECKOUT_MESSAGES,
  checkoutReducer,
  emptyCheckout,
  issueBody,
  mayBeMemberCard,
  nextToIssue,
  pickFound,
  readRefusal,
  scanIntent,
  sessionMember,
  type SessionMember,
} from '../../lib/checkout-session';
import { callErrorMessage } from '../../lib/errors';
import type { DeskPanel } from '../../lib/schemas/desk';
import type { MemberPick } from '../../lib/schemas/member-picker';

export type PanelLoad = { status: 'idle' } | { status: 'loading'; panel: DeskPanel | null } | { status: 'ready'; panel: DeskPanel } | { status: 'failed'; message: string };

export function useCheckout() {
  const [state, dispatch] = useReducer(checkoutReducer, undefined, emptyCheckout);
  const [panel, setPanel] = useState<PanelLoad>({ status: 'idle' });
  const [choices, setChoices] = useState<MemberPick[]>([]);
  const [lookingUp, setLookingUp] = useState(false);
  const latest = useRef(state);
  latest.current = state;
  const reads = useRef(0);
  const waiting = useRef<string[]>([]);
  const memberId = state.member?.id ?? null;

  function loadPanel(id: string) {
    const read = ++reads.current;
    setPanel((now) => ({ status: 'loading', panel: now.status === 'ready' || now.status === 'loading' ? (now.panel?.member.id !== undefined && String(now.panel.member.id) === id ? now.panel : null) : null }));
    fetchDeskPanel(id)
      .then((answer) => read === reads.current && setPanel({ status: 'ready', panel: answer }))
      .catch((failure: unknown) => read === reads.current && setPanel({ status: 'failed', message: callErrorMessage('member-issue-summary', failure) }));
  }

  useEffect(() => {
    if (memberId) loadPanel(memberId);
    else {
      reads.current += 1;
      setPanel({ status: 'idle' });
    }
  }, [memberId]);

  function serve(member: SessionMember) {
    setChoices([]);
    dispatch({ type: 'member-found', member });
    // Scans typed while he was looked up are his copies.
    const queued = waiting.current.splice(0);
    for (const code of queued) dispatch({ type: 'copy-scanned', code });
  }

  async function findMember(text: string) {
    setLookingUp(true);
    try {
      const found = pickFound(text, await searchMembers(text));
      if (found.kind === 'one') serve(sessionMember(found.person));
      else if (found.kind === 'many') {
        waiting.current = [];
        setChoices(found.people);
        dispatch({ type: 'field-message', message: CHECKOUT_MESSAGES.chooseMember(found.people.length) });
      } else {
        waiting.current = [];
        dispatch({ type: 'field-message', message: found.message });
      }
    } catch (failure: unknown) {
      waiting.current = [];
      dispatch({ type: 'field-message', message: callErrorMessage('member-search', failure) });
    } finally {
      setLookingUp(false);
    }
  }

  const next = nextToIssue(state);
  useEffect(() => {
    const member = latest.current.member;
    if (!next || !member) return;
    dispatch({ type: 'sent', key: next.key });
    issueCopy(issueBody(member.id, next.code, next.overrideReason))
      .then((loan) => {
        dispatch({ type: 'issued', key: next.key, loan });
        loadPanel(member.id);
        announceLoansChanged();
      })
      .catch(async (failure: unknown) => {
        if (mayBeMemberCard(failure)) {
          const found = pickFound(next.code, await searchMembers(next.code).catch(() => []), true);
          if (found.kind === 'one') {
            dispatch({ type: 'dropped', key: next.key });
            return serve(sessionMember(found.person));
          }
        }
        const refusal = readRefusal(failure);
        dispatch({ type: 'refused', key: next.key, message: refusal.message, blocks: refusal.blocks });
      });
    // The key names the scan (and its retry); each is sent once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [next?.key, next?.overrideReason]);

  return {
    state,
    panel,
    choices,
    lookingUp,
    /** What the field took: a member, his card again, or a copy. */
    scan(text: string) {
      if (lookingUp && text.trim()) {
        waiting.current.push(text.trim());
        return;
      }
      const intent = scanIntent(latest.current, text);
      if (intent.kind === 'member') void findMember(intent.text);
      else if (intent.kind === 'same-member') dispatch({ type: 'field-message', message: CHECKOUT_MESSAGES.sameMember(latest.current.member!.name) });
      else if (intent.kind === 'copy') dispatch({ type: 'copy-scanned', code: intent.code });
    },
    choose: (person: MemberPick) => serve(sessionMember(person)),
    /** Starts the session on a member named by his user id (the member record's Issue): his panel names him. */
    async startOn(id: string) {
      setLookingUp(true);
      try {
        serve(sessionMember((await fetchDeskPanel(id)).member));
      } catch (failure: unknown) {
        dispatch({ type: 'field-message', message: callErrorMessage('member-issue-summary', failure) });
      } finally {
        setLookingUp(false);
      }
    },
    override: (key: string, reason: string) => dispatch({ type: 'override', key, reason }),
    end: () => dispatch({ type: 'end' }),
    closeSlip: () => dispatch({ type: 'slip-closed' }),
    reloadPanel: () => memberId && loadPanel(memberId),
  };
}

export type Checkout = ReturnType<typeof useCheckout>;
