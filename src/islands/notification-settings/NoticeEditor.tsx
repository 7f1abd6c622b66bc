/**
 * A notice's wording editor (loaded when a notice is first opened): subject and body, the
 * placeholders this notice may use (a click puts one in at the caret of the last field used), a
 * live preview rendered with the server's own `renderText` and the sample values, and "Reset to
 * default". The values and their errors belong to the screen's one form.
 */
import { useEffect, useRef } from 'react';
import { css, cx } from 'styled-system/css';
import { grid, stack, wrap } from 'styled-system/patterns';
import { focusable, input, text } from 'styled-system/recipes';
import { FieldShell } from '../../components/ui/FieldShell';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/TextField';
import { NOTICE_DEFINITIONS, SAMPLE_FACTS, TEMPLATE_LIMITS, renderText, type NoticeType } from '#shared/notice-templates';
import { insertPlaceholder, type TemplatePart } from '../../lib/notification-settings';
import { formatCount } from '#shared/numbers';

const layout = grid({ columns: { base: 1, lg: 2 }, gap: '5', alignItems: 'start' });
const chip = cx(
  focusable(),
  text({ mono: true, size: 'xs' }),
  css({
    px: '2',
    minH: '8',
    borderRadius: 'full',
    borderWidth: '1px',
    borderColor: 'border.strong',
    bg: 'bg.muted',
    color: 'fg.default',
    cursor: 'pointer',
    _hover: { _enabled: { bg: 'bg.subtle' } },
    _disabled: { cursor: 'not-allowed', opacity: 0.6 },
  }),
);
// The mail as it will read: on the page's canvas colour, line breaks and spaces kept.
const preview = stack({ gap: '2', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', bg: 'bg.canvas', p: '4', fontSize: 'sm', '& > :last-child': { whiteSpace: 'pre-wrap' } });
const kicker = text({ size: 'xs', tone: 'muted', caps: true });

export interface NoticeEditorProps {
  type: NoticeType;
  subject: string;
  body: string;
  errors: Record<TemplatePart, string | undefined>;
  disabled: boolean;
  onTextChange: (part: TemplatePart, text: string) => void;
  onReset: () => void;
}

export default function NoticeEditor({ type, subject, body, errors, disabled, onTextChange, onReset }: NoticeEditorProps) {
  const definition = NOTICE_DEFINITIONS[type];
  const fields = useRef<Record<TemplatePart, HTMLInputElement | HTMLTextAreaElement | null>>({ subject: null, body: null });
  const lastUsed = useRef<TemplatePart>('body');
  const texts: Record<TemplatePart, string> = { subject, body };

  // Opened because a save was refused (the form's focus step ran before this code arrived): go to the refused field.
  useEffect(() => {
    const refused = errors.subject ? fields.current.subject : errors.body ? fields.current.body : null;
    // A refused field earlier on the page (the schedule, another notice) keeps the focus.
    if (refused && document.activeElement?.getAttribute('aria-invalid') !== 'true') refused.focus();
    // Only on opening; later errors are focused by the form itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function insert(name: string): void {
    const part = lastUsed.current;
    const element = fields.current[part];
    const text = texts[part];
    const { text: next, caret } = insertPlaceholder(text, name, element?.selectionStart ?? text.length, element?.selectionEnd ?? text.length);
    onTextChange(part, next);
    // Back to the field with the caret after the placeholder, once React has written the value.
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(caret, caret);
    });
  }

  const remember = (part: TemplatePart) => () => {
    lastUsed.current = part;
  };

  return (
    <div className={layout}>
      <div className={stack({ gap: '4' })}>
        <TextField
          ref={(element) => {
            fields.current.subject = element;
          }}
          label={`${definition.label}: subject`}
          value={subject}
          error={errors.subject}
          disabled={disabled}
          onFocus={remember('subject')}
          onChange={(event) => onTextChange('subject', event.target.value)}
        />
        <FieldShell label={`${definition.label}: message`} error={errors.body} disabled={disabled} helperText={`Up to ${formatCount(TEMPLATE_LIMITS.body)} characters.`}>
          {(control) => (
            <textarea
              {...control}
              ref={(element) => {
                fields.current.body = element;
              }}
              className={`${input()} ${css({ minH: '44', py: '2', resize: 'vertical', fontFamily: 'inherit' })}`}
              value={body}
              onFocus={remember('body')}
              onChange={(event) => onTextChange('body', event.target.value)}
            />
          )}
        </FieldShell>
        <div className={stack({ gap: '2' })}>
          <p id={`placeholders-${type}`} className={text({ size: 'sm', tone: 'muted' })}>
            Placeholders for this notice (click to insert):
          </p>
          <div role="group" aria-labelledby={`placeholders-${type}`} className={wrap({ gap: '2' })}>
            {definition.placeholders.map((name) => (
              <button key={name} type="button" className={chip} disabled={disabled} onMouseDown={(event) => event.preventDefault()} onClick={() => insert(name)} aria-label={`Insert {${name}}`}>
                {`{${name}}`}
              </button>
            ))}
          </div>
        </div>
        {!disabled && (
          <div>
            <Button variant="ghost" size="sm" onClick={onReset}>
              Reset to default
            </Button>
          </div>
        )}
      </div>
      <section aria-label={`${definition.label} preview`} className={preview}>
        <div className={stack({ gap: '1' })}>
          <p className={kicker}>Preview with sample values</p>
          <p className={text({ weight: 'semibold', wrapAnywhere: true })}>{renderText(subject, SAMPLE_FACTS)}</p>
        </div>
        <div className={text({ tone: 'default', wrapAnywhere: true })}>{renderText(body, SAMPLE_FACTS)}</div>
      </section>
    </div>
  );
}
