/**
 * Member Cards (members/cards): choose members (picked, a department, or joined since a date),
 * preview their ID-1 cards on A4 at real size, eight or ten a sheet, and print them. The profile's
 * "Print card" opens this page with `?member=<id>` and previews that member's card at once.
 */
import { useStore } from '@nanostores/react';
import { css } from 'styled-system/css';
import { PrintSheets } from '../../components/barcode/PrintSheets';
import { SheetPrintCopy, printSheets } from '../../components/barcode/SheetPrintCopy';
import { PageHeader, Panel, stack } from '../../components/Panel';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { RetryAlert } from '../../components/ui/RetryAlert';
import { LoadingState } from '../../components/ui/Spinner';
import { DEFAULT_LOGO, libraryName } from '../../lib/branding';
import { CARDS_MESSAGES, type MemberCard } from '../../lib/member-cards';
import { $librarySettings } from '../../stores/library-settings';
import { CardChoice } from './CardChoice';
import { MemberCardFace } from './MemberCardFace';
import { useMemberCards } from './use-member-cards';

const cardKey = (card: MemberCard): string => card.key;
const plural = (n: number, word: string): string => `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;

export default function MemberCards() {
  const settings = useStore($librarySettings);
  const { state, dispatch, sheet, cards, pages, preview } = useMemberCards();
  const library = libraryName(settings);
  const render = (card: MemberCard) => <MemberCardFace member={card} libraryName={library} logoUrl={settings?.logo || DEFAULT_LOGO} dateFormat={settings?.date_format} />;
  const ready = state.phase === 'ready' && cards.length > 0;
  return (
    <div className={stack}>
      <PageHeader title="Member cards">
        Print library cards (85.6 × 54 mm) with the member&apos;s photo, name, number, plan and a Code 128 barcode of the member number, eight or ten to an A4 sheet.
      </PageHeader>
      <Panel title="Members">
        <CardChoice state={state} dispatch={dispatch} onPreview={preview} />
      </Panel>
      {state.phase === 'loading' && <LoadingState />}
      {state.phase === 'failed' && <RetryAlert title={CARDS_MESSAGES.loadFailed} message={state.error ?? ''} onRetry={preview} />}
      {state.phase === 'ready' && cards.length === 0 && <Alert title={CARDS_MESSAGES.noneFound}>Try another department or date.</Alert>}
      {ready && (
        <Panel title="Preview" intro={`${plural(cards.length, 'card')} on ${plural(pages.length, 'sheet')}.`} actions={<Button onClick={() => void printSheets()}>Print cards</Button>}>
          {state.truncated && <Alert className={css({ mb: '4' })}>{CARDS_MESSAGES.truncated}</Alert>}
          <PrintSheets pages={pages} grid={sheet} itemKey={cardKey} render={render} noun="Card sheet" variant="screen" />
        </Panel>
      )}
      {ready && (
        <SheetPrintCopy>
          <PrintSheets pages={pages} grid={sheet} itemKey={cardKey} render={render} noun="Card sheet" variant="print" />
        </SheetPrintCopy>
      )}
    </div>
  );
}
