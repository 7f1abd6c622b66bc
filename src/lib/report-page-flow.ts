/**
 * A report page's flow besides its URL state: the summary's loading (a retry asks again), the
 * audit entry opened side by side, the print request (each Print asks the print view again until
 * it reports it printed), the CSV export under way, and the people picked in the "Who" and
 * "Collected by" filters (their names for the print view). Pure, so the page's hook only
 * dispatches and the transitions are tested without a browser.
 */
import type { PickablePerson } from './member-picker';
import type { ReportRow, ReportSummary } from '#shared/schemas/reports';

/** The people picked in the person filters, kept to name them (the URL holds only their ids). */
export interface PickedPeople {
  user: PickablePerson | null;
  staff: PickablePerson | null;
}

export interface ReportPageFlow {
  people: PickedPeople;
  opened: ReportRow | null;
  printing: boolean;
  /** Counts Print presses; 0 until the first, so the print view loads on first use. */
  printRequest: number;
  exporting: boolean;
  summary: ReportSummary | null;
  summaryLoading: boolean;
  summaryError: string | null;
  /** Bumped by Retry, so the same summary query is asked again. */
  summaryAttempt: number;
}

export type ReportPageEvent =
  | { type: 'pick-people'; people: PickedPeople }
  | { type: 'open-change'; row: ReportRow }
  | { type: 'close-change' }
  | { type: 'print' }
  | { type: 'printed' }
  | { type: 'export-started' }
  | { type: 'export-ended' }
  | { type: 'summary-requested' }
  | { type: 'summary-loaded'; summary: ReportSummary }
  | { type: 'summary-failed'; message: string }
  | { type: 'summary-settled' }
  | { type: 'summary-retry' };

export const NO_PEOPLE: PickedPeople = { user: null, staff: null };

export const initialReportPageFlow: ReportPageFlow = {
  people: NO_PEOPLE,
  opened: null,
  printing: false,
  printRequest: 0,
  exporting: false,
  summary: null,
  summaryLoading: true,
  summaryError: null,
  summaryAttempt: 0,
};

/** The next flow state; a failed summary keeps the last figures shown beside the error. */
export function reportPageFlow(state: ReportPageFlow, event: ReportPageEvent): ReportPageFlow {
  switch (event.type) {
    case 'pick-people':
      return { ...state, people: event.people };
    case 'open-change':
      return { ...state, opened: event.row };
    case 'close-change':
      return { ...state, opened: null };
    case 'print':
      return { ...state, printing: true, printRequest: state.printRequest + 1 };
    case 'printed':
      return { ...state, printing: false };
    case 'export-started':
      return { ...state, exporting: true };
    case 'export-ended':
      return { ...state, exporting: false };
    case 'summary-requested':
      return { ...state, summaryLoading: true };
    case 'summary-loaded':
      return { ...state, summary: event.summary, summaryError: null };
    case 'summary-failed':
      return { ...state, summaryError: event.message };
    case 'summary-settled':
      return { ...state, summaryLoading: false };
    case 'summary-retry':
      return { ...state, summaryAttempt: state.summaryAttempt + 1 };
  }
}

/** What an export needs from the outside: the call, saving the file and telling the user. */
export interface ReportExportIo {
  download: () => Promise<{ blob: Blob; fileName?: string | null | undefined }>;
  save: (blob: Blob, fileName: string, type: string) => void;
  saved: (fileName: string) => void;
  failed: (failure: unknown) => void;
}

/** Downloads the section's CSV and saves it under the server's name, else `fallbackName`; a failure is reported, not thrown. */
export async function exportReportCsv(fallbackName: string, io: ReportExportIo): Promise<void> {
  try {
    const answer = await io.download();
    const fileName = answer.fileName ?? fallbackName;
    io.save(answer.blob, fileName, 'text/csv;charset=utf-8');
    io.saved(fileName);
  } catch (failure) {
    io.failed(failure);
  }
}
