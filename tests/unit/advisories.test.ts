import { describe, expect, test } from 'vitest';
import { auditRefusal, isSecurityNotice, productionPackages, readAuditReport } from '../../scripts/advisory-rules';

describe('the advisory check', () => {
  test('fails on high and critical findings of npm audit, and lists the rest', () => {
    const report = readAuditReport({
      auditReportVersion: 2,
      vulnerabilities: {
        'left-pad': { name: 'left-pad', severity: 'critical', via: [{ title: 'Prototype pollution', url: 'https://example.test/1' }] },
        wrapper: { name: 'wrapper', severity: 'high', via: ['left-pad'] },
        tidy: { name: 'tidy', severity: 'moderate', via: [{ url: 'https://example.test/2' }] },
      },
    });
    expect(report?.failing.map((f) => f.name)).toEqual(['left-pad', 'wrapper']);
    expect(report?.findings).toContainEqual({ name: 'wrapper', severity: 'high', what: 'through left-pad' });
    expect(report?.findings).toContainEqual({ name: 'tidy', severity: 'moderate', what: 'https://example.test/2' });
  });

  test('passes a clean report', () => {
    expect(readAuditReport({ auditReportVersion: 2, vulnerabilities: {} })).toEqual({ findings: [], failing: [] });
  });

  test('tells a refusal of the advisory service from a report', () => {
    const refusal = { message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk', statusCode: 405 };
    expect(readAuditReport(refusal)).toBeUndefined();
    expect(readAuditReport(undefined)).toBeUndefined();
    expect(auditRefusal(refusal)).toMatch(/^405 Method Not Allowed/);
    expect(auditRefusal(undefined)).toBe('no report');
  });

  test('lists each production package version once, nested ones too', () => {
    const ls = { dependencies: { a: { version: '1.0.0', dependencies: { b: { version: '2.0.0' }, '@s/c': { version: '3.0.0' } } }, b: { version: '2.0.0' }, d: {} } };
    expect(productionPackages(ls)).toEqual(['@s/c@3.0.0', 'a@1.0.0', 'b@2.0.0']);
  });

  test('reads a deprecation as a security notice only when it says so', () => {
    expect(isSecurityNotice('This version has a critical security vulnerability, upgrade to 2.0.1')).toBe(true);
    expect(isSecurityNotice('Affected by CVE-2024-1234')).toBe(true);
    expect(isSecurityNotice('This package is no longer maintained; use fetch instead')).toBe(false);
  });
});
