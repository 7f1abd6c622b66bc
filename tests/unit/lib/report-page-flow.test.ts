import { describe, expect, test, vi } from 'vitest';
import { exportReportCsv, initialReportPageFlow, reportPageFlow, type ReportPageEvent, type ReportPageFlow } from '../../../src/lib/report-page-flow';
import type { ReportSummary } from '#shared/schemas/reports';

const run = (events: ReportPageEvent[], from: ReportPageFlow = initialReportPageFlow) => events.reduce(reportPageFlow, from);
const summary = { figures: [], charts: [] } as unknown as ReportSummary;

describe('report page flow', () => {
  test('starts loading the summary with nothing opened, printing or exporting', () => {
    expect(initialReportPageFlow).toMatchObject({ summaryLoading: true, summary: null, opened: null, printing: false, printRequest: 0, exporting: false });
  });

  test.each<[string, ReportPageEvent[], Partial<ReportPageFlow>]>([
    ['a loaded summary clears an earlier error', [{ type: 'summary-failed', message: 'Down' }, { type: 'summary-loaded', summary }, { type: 'summary-settled' }], { summary, summaryError: null, summaryLoading: false }],
    ['a failed summary keeps the last figures beside the error', [{ type: 'summary-loaded', summary }, { type: 'summary-requested' }, { type: 'summary-failed', message: 'Down' }, { type: 'summary-settled' }], { summary, summaryError: 'Down', summaryLoading: false }],
    ['Retry asks for the same summary again', [{ type: 'summary-retry' }, { type: 'summary-retry' }], { summaryAttempt: 2 }],
    ['each Print asks the print view again until it has printed', [{ type: 'print' }, { type: 'printed' }, { type: 'print' }], { printing: true, printRequest: 2 }],
    ['the print view reporting it printed ends Preparing', [{ type: 'print' }, { type: 'printed' }], { printing: false, printRequest: 1 }],
    ['an export under way shows until it ends', [{ type: 'export-started' }], { exporting: true }],
    ['an ended export frees the button', [{ type: 'export-started' }, { type: 'export-ended' }], { exporting: false }],
    ['an audit entry opens and closes', [{ type: 'open-change', row: { id: 7 } }, { type: 'close-change' }], { opened: null }],
  ])('%s', (_title, events, expected) => {
    expect(run(events)).toMatchObject(expected);
  });

  test('keeps the people picked for the print view', () => {
    const person = { id: 3, username: 'ayesha', full_name: 'Ayesha Khan' };
    expect(run([{ type: 'pick-people', people: { user: person, staff: null } }]).people.user).toBe(person);
  });
});

describe('exporting a report section', () => {
  const blob = new Blob(['a,b']);
  const io = (fileName: string | null) => ({
    download: vi.fn(async () => ({ blob, fileName })),
    save: vi.fn(),
    saved: vi.fn(),
    failed: vi.fn(),
  });

  test('saves the CSV under the name the server gives', async () => {
    const calls = io('books-loans.csv');
    await exportReportCsv('fallback.csv', calls);
    expect(calls.save).toHaveBeenCalledWith(blob, 'books-loans.csv', 'text/csv;charset=utf-8');
    expect(calls.saved).toHaveBeenCalledWith('books-loans.csv');
  });

  test('falls back to the page’s own file name when the server gives none', async () => {
    const calls = io(null);
    await exportReportCsv('books-loans-2026-01-01-2026-01-31.csv', calls);
    expect(calls.saved).toHaveBeenCalledWith('books-loans-2026-01-01-2026-01-31.csv');
  });

  test('reports a failed download and saves nothing', async () => {
    const failure = new Error('offline');
    const calls = { ...io(null), download: vi.fn(async () => Promise.reject(failure)) };
    await exportReportCsv('x.csv', calls);
    expect(calls.save).not.toHaveBeenCalled();
    expect(calls.failed).toHaveBeenCalledWith(failure);
  });
});
