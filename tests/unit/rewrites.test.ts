import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { parseRedirects } from '../../scripts/site-server';
import { renderNginx, renderRedirects, shellPrefixes } from '../../scripts/rewrites';

describe('host rewrite rules', () => {
  test('the committed public/_redirects is the one the route table generates', () => {
    expect(readFileSync('public/_redirects', 'utf8')).toBe(renderRedirects());
  });

  test('the committed deploy/nginx.conf is the one the route table generates', () => {
    expect(readFileSync('deploy/nginx.conf', 'utf8')).toBe(renderNginx());
  });

  test('every built dynamic route gets a rewrite to its shell page', () => {
    expect(shellPrefixes()).toEqual(expect.arrayContaining(['/auth/verify-email/', '/reset-password/']));
    expect(parseRedirects(renderRedirects())).toEqual(
      expect.arrayContaining([{ prefix: '/reset-password/', target: '/reset-password/' }]),
    );
  });

  test('the start server reads only 200 rewrites with a trailing wildcard', () => {
    expect(parseRedirects('# c\n/a/* /a/ 200\n/b /c 301\n/d/* /e/ 302\n')).toEqual([{ prefix: '/a/', target: '/a/' }]);
  });
});
