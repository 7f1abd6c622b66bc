/**
 * The end of a checkout session: the slip of its loans with Print (80 mm roll or A4: a copy of the
 * slip placed directly in <body> is, under `@media print`, the only thing shown, as the receipts
 * do) and Mail (`POST /circulation/loan-slip/`); "New session" (or Esc) clears the desk, or serves
 * the member whose card ended this session.
 */
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { css, cx } from 'styled-system/css';
import { card, toolbar } from 'styled-system/recipes';
import { slipMailBody, type SessionMember, type SlipLine } from '../../lib/checkout-session';
import { mailLoanSlip } from '../../lib/checkout-session-api';
import { PANEL_MESSAGES, actionFailure } from '../../lib/checkout-session-panel';
import { NOTICES } from '../../lib/notices';
import { Button } from '../ui/Button';
import { SelectField } from '../ui/SelectField';
import { toast } from '../ui/Toaster';
import { LoanSlip, type SlipPaper } from './LoanSlip';

const PAPERS = [
  { value: 'roll', label: '80 mm receipt roll' },
  { value: 'a4', label: 'A4 sheet' },
];
/** `@page` cannot be an atomic class: the page box follows the chosen paper; the page behind the slip prints white. */
const WHITE_PAGE = '@media print { html { background: white !important; } }';
const PAGE_RULES: Record<SlipPaper, string> = { a4: `@page { size: A4 portrait; margin: 15mm; } ${WHITE_PAGE}`, roll: `@page { size: 80mm auto; margin: 4mm; } ${WHITE_PAGE}` };
const printCopy = css({ display: 'none', _print: { display: 'block', '&[data-paper=roll]': { w: '72mm' }, '&[data-paper=a4]': { w: 'full' } } });
const printHost = css({ _print: { bg: 'white', '& > *:not([data-slip-print])': { display: 'none !important' } } });

export interface SlipPanelProps {
  member: SessionMember;
  lines: readonly SlipLine[];
  today: string;
  nextMember: SessionMember | null;
  onClose: () => void;
}

export function SlipPanel({ member, lines, today, nextMember, onClose }: SlipPanelProps) {
  const [paper, setPaper] = useState<SlipPaper>('roll');
  const [mailing, setMailing] = useState(false);
  const [mailed, setMailed] = useState(false);
  const first = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const classes = printHost.split(' ').filter(Boolean);
    document.body.classList.add(...classes);
    first.current?.focus();
    return () => document.body.classList.remove(...classes);
  }, []);

  async function mail() {
    setMailing(true);
    try {
      await mailLoanSlip(slipMailBody(member, lines));
      setMailed(true);
      toast.success(NOTICES.loanSlipMailed(member.name));
    } catch (failure: unknown) {
      toast.error(actionFailure(failure, PANEL_MESSAGES.mailFailed));
    } finally {
      setMailing(false);
    }
  }

  return (
    <section className={card({ padding: 'lg' })} aria-label="Session ended" onKeyDown={(event) => event.key === 'Escape' && onClose()}>
      <h2 className={css({ fontSize: 'lg', fontWeight: 'semibold', mb: '3' })}>Session ended: {lines.length} {lines.length === 1 ? 'loan' : 'loans'}</h2>
      <div className={css({ borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', p: '3', maxW: paper === 'roll' ? '80mm' : '48rem' })}>
        <LoanSlip member={member} lines={lines} today={today} paper={paper} />
      </div>
      <div className={css({ maxW: '16rem', mt: '3' })}>
        <SelectField label="Paper" options={PAPERS} value={paper} onChange={(event) => setPaper(event.target.value === 'a4' ? 'a4' : 'roll')} />
      </div>
      <div className={cx(toolbar({ gap: 'sm', align: 'center' }), css({ mt: '4' }))}>
        <Button ref={first} onClick={() => window.print()}>
          Print slip
        </Button>
        <Button variant="outline" onClick={() => void mail()} loading={mailing} loadingText="Mailing…" disabled={mailed}>
          {mailed ? 'Slip mailed' : 'Mail slip'}
        </Button>
        <Button variant="outline" onClick={onClose}>
          {nextMember ? `Serve ${nextMember.name}` : 'New session'}
        </Button>
      </div>
      {createPortal(
        <div className={printCopy} data-paper={paper} data-slip-print="">
          <style>{PAGE_RULES[paper]}</style>
          <LoanSlip member={member} lines={lines} today={today} paper={paper} />
        </div>,
        document.body,
      )}
    </section>
  );
}
