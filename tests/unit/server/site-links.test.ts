import { describe, expect, test } from 'vitest';
import { siteLink } from '../../../server/src/lib/site-links';
import { NOTICE_LINKS } from '../../../server/src/modules/notices/links';
import { pathFor } from '#shared/routes';

const SITE = 'https://library.example.org';

describe('siteLink', () => {
  test.each([
    ['login', {}, undefined, 'https://library.example.org/'],
    ['verify-email', { uid: 'MTI', token: 'abc_DEF-123' }, undefined, 'https://library.example.org/auth/verify-email/MTI/abc_DEF-123'],
    ['reset-password', { uid: 'NDI', token: 'xyz-789_Q' }, undefined, 'https://library.example.org/reset-password/NDI/xyz-789_Q'],
    ['reset-password', { uid: 'a/b', token: 't k?#' }, undefined, 'https://library.example.org/reset-password/a%2Fb/t%20k%3F%23'],
    ['register', {}, { invitation: 'tok_en-1' }, 'https://library.example.org/register?invitation=tok_en-1'],
    ['register', {}, { invitation: 'a b&c=d/e' }, 'https://library.example.org/register?invitation=a%20b%26c%3Dd%2Fe'],
    ['member-profile-view', { memberId: 7 }, undefined, 'https://library.example.org/dashboard/member/profile-view/7'],
  ] as const)('builds %s with %j and query %j as %s', (id, params, query, expected) => {
    expect(siteLink(SITE, id, params, query)).toBe(expected);
  });

  test('joins a site address that ends with a slash without doubling it', () => {
    expect(siteLink(`${SITE}/`, 'reset-password', { uid: 'MQ', token: 't' })).toBe(`${SITE}/reset-password/MQ/t`);
  });

  test('refuses a route id the route table does not name', () => {
    expect(() => siteLink(SITE, 'no-such-route')).toThrow(/Unknown route id/);
  });

  test('refuses a link whose route parameter is missing', () => {
    expect(() => siteLink(SITE, 'verify-email', { uid: 'MQ' })).toThrow(/Missing parameter token/);
  });
});

describe('notice links', () => {
  test.each([
    ['loans', 'member-home'],
    ['fines', 'member-fines'],
    ['reserved', 'member-reserved'],
  ] as const)('the %s notice leads to the route %s of the route table', (notice, id) => {
    expect(NOTICE_LINKS[notice]).toBe(pathFor(id));
  });
});
