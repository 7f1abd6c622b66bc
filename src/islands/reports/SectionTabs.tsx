/**
 * The report's sections as tabs (WAI-ARIA tabs pattern on plain buttons, so no widget code ships
 * for it): one tab in the tab order, arrow keys, Home and End move between tabs and choose them.
 * The panel (`id` from `panelId`) holds the section's table.
 */
import { useRef, type KeyboardEvent } from 'react';
import { css, cx } from 'styled-system/css';
import { focusable } from 'styled-system/recipes';
import type { ReportSection } from '#shared/report-catalogue';

const list = css({
  display: 'flex',
  gap: '1',
  overflowX: 'auto',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  scrollbarWidth: 'thin',
});
const tab = cx(focusable({ on: 'inset' }), css({
  flex: 'none',
  px: '3',
  minH: '11',
  fontSize: 'sm',
  fontWeight: 'medium',
  color: 'fg.muted',
  borderBottomWidth: '2px',
  borderColor: 'transparent',
  mb: '-1px',
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  _hover: { color: 'fg.default' },
  _focusVisible: { borderRadius: 'sm' },
  '&[aria-selected=true]': { color: 'accent.fg', borderColor: 'accent.default', fontWeight: 'semibold' },
}));

export const tabId = (key: string): string => `report-tab-${key}`;

export function SectionTabs({ sections, active, panelId, onSelect }: { sections: readonly ReportSection[]; active: string; panelId: string; onSelect: (key: string) => void }) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  function move(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = sections.length - 1;
    const target = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    refs.current[target]?.focus();
    onSelect(sections[target]!.key);
  }

  return (
    <div role="tablist" aria-label="Report sections" className={list} data-print-hide="">
      {sections.map((section, index) => (
        <button
          key={section.key}
          ref={(element) => {
            refs.current[index] = element;
          }}
          type="button"
          role="tab"
          id={tabId(section.key)}
          aria-selected={section.key === active}
          aria-controls={panelId}
          tabIndex={section.key === active ? 0 : -1}
          className={tab}
          onClick={() => onSelect(section.key)}
          onKeyDown={(event) => move(event, index)}
        >
          {section.title}
        </button>
      ))}
    </div>
  );
}
