/**
 * The Member Cards screen's flow: the choice of members (`cardsReducer`), a member named by the
 * page's `?member=` (the profile's "Print card") added and previewed at once, the members read for
 * a preview (latest choice wins), and the cards laid out sheet by sheet.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useReducer } from 'react';
import { todayIn } from '#shared/dates';
import { loadBarcodes } from '../../components/barcode/Code128';
import { fetchMemberProfile } from '../../lib/api/members';
import { errorMessage } from '../../lib/errors';
import { layoutSheets } from '../../lib/labels';
import { CARDS_MESSAGES, cardSheet, cardsReducer, initialCardsState, memberCard } from '../../lib/member-cards';
import { fetchCardMembers } from '../../lib/member-cards-api';
import { $librarySettings } from '../../stores/library-settings';

export function useMemberCards() {
  const settings = useStore($librarySettings);
  const [state, dispatch] = useReducer(cardsReducer, initialCardsState);
  const today = todayIn(settings?.timezone);

  useEffect(() => {
    void loadBarcodes().catch(() => undefined);
    const id = new URLSearchParams(window.location.search).get('member');
    if (!id || !/^\d{1,10}$/.test(id)) return;
    let live = true;
    fetchMemberProfile(id).then(
      (profile) => {
        if (!live) return;
        dispatch({ type: 'add', member: { ...profile, id } });
        dispatch({ type: 'preview' });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (state.phase !== 'loading') return;
    let live = true;
    fetchCardMembers(state, settings?.timezone || 'UTC').then(
      ({ members, truncated }) => live && dispatch({ type: 'loaded', members, truncated }),
      (failure: unknown) => live && dispatch({ type: 'failed', message: errorMessage(failure, ['detail', 'transport'], CARDS_MESSAGES.loadFailed) }),
    );
    return () => {
      live = false;
    };
    // A new load only when a preview is asked for; the choice cannot change while loading without leaving this phase.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.phase]);

  const sheet = useMemo(() => cardSheet(state.perSheet), [state.perSheet]);
  const cards = useMemo(() => state.members.map(memberCard), [state.members]);
  const pages = useMemo(() => layoutSheets(sheet, cards, state.start), [sheet, cards, state.start]);
  return { state, dispatch, sheet, cards, pages, preview: () => dispatch({ type: 'preview', today }) };
}
