/**
 * One notice on the Notification Settings screen: its on/off switch (Ark Switch) with the label
 * and when it goes, and a button that opens its wording editor. The editor's code loads the
 * first time any notice is opened, so the screen's first paint carries only the list.
 */
import { Switch } from '@ark-ui/react/switch';
import { lazy, Suspense } from 'react';
import { css, cx } from 'styled-system/css';
import { hstack, stack } from 'styled-system/patterns';
import { focusable, text, toolbar } from 'styled-system/recipes';
import { Button } from '../../components/ui/Button';
import { LoadingState } from '../../components/ui/Spinner';
import { NOTICE_DEFINITIONS, type NoticeType } from '#shared/notice-templates';
import type { TemplatePart } from '../../lib/notification-settings';

const NoticeEditor = lazy(() => import('./NoticeEditor'));

const row = stack({ gap: '3', py: '3' });
const head = toolbar({ align: 'center' });
const switchRoot = hstack({ gap: '3', flex: '1', minW: '14rem', minH: '11', cursor: 'pointer', _disabled: { cursor: 'not-allowed', opacity: 0.7 } });
// The switch's track with its thumb; the one focus ring when the hidden input has keyboard focus.
const control = cx(
  focusable({ on: 'control' }),
  css({
    flex: 'none',
    w: '10',
    h: '6',
    p: '0.5',
    borderRadius: 'full',
    bg: 'border.strong',
    display: 'inline-flex',
    transition: 'background 0.15s',
    _checked: { bg: 'accent.default' },
    '& > [data-part=thumb]': { w: '5', h: '5', borderRadius: 'full', bg: 'bg.canvas', transition: 'transform 0.15s', _checked: { transform: 'translateX(1rem)' } },
  }),
);
const label = stack({ gap: '0', fontWeight: 'medium' });
const when = text({ size: 'sm', tone: 'muted', weight: 'normal' });

/** What the row shows and reports; the values live in the screen's one form. */
export interface NoticeRowProps {
  type: NoticeType;
  enabled: boolean;
  subject: string;
  body: string;
  errors: Record<TemplatePart, string | undefined>;
  disabled: boolean;
  open: boolean;
  onToggleOpen: () => void;
  onEnabledChange: (enabled: boolean) => void;
  onTextChange: (part: TemplatePart, text: string) => void;
  onReset: () => void;
}

export function NoticeRow({ type, enabled, open, disabled, errors, onToggleOpen, onEnabledChange, ...editor }: NoticeRowProps) {
  const definition = NOTICE_DEFINITIONS[type];
  const editorId = `notice-editor-${type}`;
  const refused = Boolean(errors.subject || errors.body);
  return (
    <li className={row}>
      <div className={head}>
        <Switch.Root className={switchRoot} checked={enabled} disabled={disabled} onCheckedChange={(details) => onEnabledChange(details.checked)}>
          <Switch.Control className={control}>
            <Switch.Thumb />
          </Switch.Control>
          <Switch.Label className={label}>
            {definition.label}
            <span className={when}>{definition.when}</span>
          </Switch.Label>
          <Switch.HiddenInput />
        </Switch.Root>
        <Button variant="outline" size="sm" aria-expanded={open} aria-controls={open ? editorId : undefined} onClick={onToggleOpen} aria-label={`${open ? 'Close' : 'Edit'} the ${definition.label} wording`}>
          {open ? 'Close' : refused ? 'Edit wording (check it)' : 'Edit wording'}
        </Button>
      </div>
      {open && (
        <div id={editorId}>
          <Suspense fallback={<LoadingState text="Loading..." />}>
            <NoticeEditor type={type} errors={errors} disabled={disabled} {...editor} />
          </Suspense>
        </div>
      )}
    </li>
  );
}
