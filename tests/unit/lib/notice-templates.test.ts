import { describe, expect, test } from 'vitest';
import { NOTICE_DEFINITIONS, NOTICE_TYPES, PLACEHOLDERS, SAMPLE_FACTS, TEMPLATE_LIMITS, escapeHtml, renderHtml, renderText, unknownPlaceholders } from '#shared/notice-templates';

describe('default wording', () => {
  test.each(NOTICE_TYPES)('%s renders with the sample facts leaving no placeholder, within the limits', (type) => {
    const { subject, body, placeholders } = NOTICE_DEFINITIONS[type];
    for (const template of [subject, body]) {
      expect(renderText(template, SAMPLE_FACTS)).not.toMatch(/\{[a-z_]+\}/);
      expect(renderHtml(template, SAMPLE_FACTS)).not.toMatch(/\{[a-z_]+\}/);
      expect(unknownPlaceholders(template)).toEqual([]);
      // A template names only the facts its notice has.
      for (const [, name] of template.matchAll(/\{([a-z_]+)\}/g)) expect(placeholders).toContain(name);
    }
    expect(subject.length).toBeLessThanOrEqual(TEMPLATE_LIMITS.subject);
    expect(body.length).toBeLessThanOrEqual(TEMPLATE_LIMITS.body);
    expect(NOTICE_DEFINITIONS[type].type).toBe(type);
  });
});

describe('renderText', () => {
  test.each([
    ['Dear {member_name}', { member_name: 'Ayesha' }, 'Dear Ayesha'],
    ['{book_title} by {due_date}', { book_title: 'Dune', due_date: '01/02/2026' }, 'Dune by 01/02/2026'],
    ['Owes {amount}', {}, 'Owes '],
    ['Keep {unknown} as typed', { member_name: 'x' }, 'Keep {unknown} as typed'],
    ['{member_name}{member_name}', { member_name: 'A' }, 'AA'],
    ['<b>{book_title}</b>', { book_title: '<i>x</i>' }, '<b><i>x</i></b>'],
  ])('%s with %j → %s', (template, facts, expected) => {
    expect(renderText(template, facts)).toBe(expected);
  });
});

describe('renderHtml', () => {
  test.each([
    ['"{book_title}"', { book_title: '<b>x</b>' }, '<p>&quot;&lt;b&gt;x&lt;/b&gt;&quot;</p>'],
    ['{library_name}', { library_name: 'A & B' }, '<p>A &amp; B</p>'],
    ["It's {member_name}", { member_name: "O'Neil" }, '<p>It&#39;s O&#39;Neil</p>'],
    ['<script>alert(1)</script>', {}, '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'],
    ['One\n\nTwo\nlines', {}, '<p>One</p>\n<p>Two<br>lines</p>'],
    ['\n\n  \n\nOnly\n\n', {}, '<p>Only</p>'],
  ])('%j with %j → %s', (template, facts, expected) => {
    expect(renderHtml(template, facts)).toBe(expected);
  });

  test('escapeHtml escapes the five characters', () => {
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });
});

describe('unknownPlaceholders', () => {
  test.each([
    ['Due {due}', ['due']],
    ['{member_name} {nam} {nam} {x_y}', ['nam', 'x_y']],
    [PLACEHOLDERS.map((p) => `{${p}}`).join(' '), []],
    ['{Member_Name} {} { member_name }', []],
    ['No braces at all', []],
  ])('%s → %j', (template, expected) => {
    expect(unknownPlaceholders(template)).toEqual(expected);
  });
});
