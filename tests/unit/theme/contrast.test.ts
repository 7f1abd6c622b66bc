/**
 * WCAG AA contrast of the theme's text pairs, in dark and in light: every text colour used on a
 * background must reach 4.5:1 (normal text) there.
 */
import { describe, expect, test } from 'vitest';
import { token } from '../../../styled-system/tokens/index.mjs';
import { theme } from '../../../src/theme/theme';

type Mode = 'base' | '_light';
type Semantic = Record<string, Record<string, { value: Record<Mode, string> } | undefined> | { value: Record<Mode, string> }>;
const colors = theme.semanticTokens.colors as unknown as Semantic;

/** The hex value of a semantic colour (`fg.default`) in one mode. */
function resolve(name: string, mode: Mode): string {
  const [group, key] = name.split('.') as [string, string | undefined];
  const entry = key ? (colors[group] as Record<string, { value: Record<Mode, string> }>)[key] : (colors[group] as { value: Record<Mode, string> });
  const raw = entry?.value[mode];
  if (!raw) throw new Error(`Unknown colour ${name}`);
  const ref = /^\{(.+)\}$/.exec(raw)?.[1];
  const hex = ref ? (token(ref as never) as string | undefined) : raw;
  if (!hex?.startsWith('#')) throw new Error(`${name} (${mode}) is not a hex colour: ${hex}`);
  return hex;
}

function luminance(hex: string): number {
  const full = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(full.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG contrast ratio of two hex colours. */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const TEXT_PAIRS: [text: string, background: string][] = [
  ['fg.default', 'bg.canvas'],
  ['fg.default', 'bg.surface'],
  ['fg.default', 'bg.muted'],
  ['fg.muted', 'bg.canvas'],
  ['fg.muted', 'bg.surface'],
  ['fg.onAccent', 'accent.default'],
  ['fg.onAccent', 'accent.hover'],
  ['fg.onAccent', 'danger.default'],
  ['fg.onAccent', 'danger.hover'],
  ['accent.fg', 'bg.surface'],
  ['accent.fg', 'bg.canvas'],
  ['danger.fg', 'bg.surface'],
  ['danger.fg', 'danger.subtle'],
  ['success.fg', 'success.subtle'],
  // The badge recipe's neutral and warning tones.
  ['fg.muted', 'bg.muted'],
  ['fg.default', 'bg.subtle'],
  // Rows on the stronger tint (the reserved book queue) carry muted detail lines.
  ['fg.muted', 'bg.subtle'],
  // The button recipe's dangerGhost (a row's Delete) on the page and on its hover tint.
  ['danger.fg', 'bg.canvas'],
];

describe.each([
  ['dark', 'base'],
  ['light', '_light'],
] as const)('the %s theme', (_name, mode) => {
  test.each(TEXT_PAIRS)('%s on %s reaches AA (4.5:1)', (text, background) => {
    expect(contrast(resolve(text, mode), resolve(background, mode))).toBeGreaterThanOrEqual(4.5);
  });

  // Lines and bars are graphics: 3:1 against the panel they are drawn on (WCAG 1.4.11).
  test.each(['chart.1', 'chart.2', 'chart.3', 'chart.4'])('%s on bg.surface reaches 3:1', (series) => {
    expect(contrast(resolve(series, mode), resolve('bg.surface', mode))).toBeGreaterThanOrEqual(3);
  });
});

test('the contrast formula gives the known black-on-white ratio of 21:1', () => {
  expect(contrast('#000', '#fff')).toBeCloseTo(21, 5);
});
