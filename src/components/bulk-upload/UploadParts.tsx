/** What the bulk upload dialog shows: the local preview of a file and the result of an upload. */
import { useState, type ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { focusable } from 'styled-system/recipes';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { toast } from '../../components/ui/Toaster';
import { canUploadPreview, type CsvPreview, type RowIssue } from '../../lib/csv-preview';
import { callErrorMessage } from '../../lib/errors';
import { formatCount } from '#shared/numbers';
import type { UploadTarget } from './upload-target';
import type { UploadOutcome } from '../../lib/bulk-upload-flow';

/** Bytes as "512 B", "12.4 KB", "3.1 MB". */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Rejected rows listed in the dialog; all of them go into the CSV. */
const MAX_RESULT_ROWS = 200;

const plural = (count: number, one: string, many = `${one}s`): string => `${formatCount(count)} ${count === 1 ? one : many}`;

/** "a, b or c". */
const orList = (items: readonly string[]): string => (items.length > 1 ? `${items.slice(0, -1).join(', ')} or ${items.at(-1)}` : (items[0] ?? ''));

const section = css({ mt: '4' });
const heading = css({ fontSize: 'sm', fontWeight: 'semibold', mb: '2' });
const stats = css({ display: 'flex', gap: '2', flexWrap: 'wrap', mt: '4' });
const stat = css({ px: '3', py: '1.5', borderRadius: 'md', bg: 'bg.muted', fontSize: 'sm' });
const issueList = css({
  maxH: '14rem',
  overflowY: 'auto',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
  fontSize: 'sm',
  '& li': { display: 'flex', gap: '2', px: '3', py: '1.5', borderBottomWidth: '1px', borderColor: 'border.default' },
  '& li:last-child': { borderBottomWidth: '0' },
});
const rowLabel = css({ flexShrink: 0, minW: '4.5rem', fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' });
const fieldLabel = css({ color: 'fg.muted', fontFamily: 'mono', fontSize: 'xs', pt: '0.5', flexShrink: 0 });
const more = css({ mt: '1.5', color: 'fg.muted', fontSize: 'xs' });
const tableWrap = css({
  overflowX: 'auto',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
});
const table = css({
  w: 'full',
  borderCollapse: 'collapse',
  fontSize: 'xs',
  '& th, & td': { px: '2.5', py: '1.5', textAlign: 'left', whiteSpace: 'nowrap', maxW: '14rem', overflow: 'hidden', textOverflow: 'ellipsis' },
  '& th': { bg: 'bg.muted', fontWeight: 'semibold', fontFamily: 'mono', color: 'fg.muted' },
  '& tbody tr': { borderTopWidth: '1px', borderColor: 'border.default' },
});

/** A list of row issues (row, field, message) with a count of those not listed. */
function IssueList({ label, issues, total }: { label: string; issues: readonly RowIssue[]; total: number }) {
  return (
    <>
      <ul className={cx(focusable(), issueList)} aria-label={label} tabIndex={issues.length > 6 ? 0 : undefined}>
        {issues.map((issue, index) => (
          <li key={`${issue.row}-${issue.field}-${index}`}>
            <span className={rowLabel}>Row {issue.row}</span>
            {issue.field && <span className={fieldLabel}>{issue.field}</span>}
            <span>{issue.message}</span>
          </li>
        ))}
      </ul>
      {total > issues.length && <p className={more}>…and {formatCount(total - issues.length)} more not listed.</p>}
    </>
  );
}

/** The local preview: counts, header problems, row errors, unknown names and the first rows. */
export function PreviewSummary({ target, preview, nameOptions }: { target: UploadTarget; preview: CsvPreview<string>; nameOptions?: ReactNode }) {
  const nameColumns = Object.keys(target.nameLabels);
  const masked = new Set<string>(target.maskedColumns ?? []);
  const unknownNames = nameColumns.filter((column) => (preview.unknownNames[column]?.length ?? 0) > 0);
  const headerBlocked = preview.missingColumns.length > 0;
  return (
    <div aria-label="File preview" role="region">
      <div className={stats}>
        <span className={stat}>{plural(preview.rowCount, 'data row')}</span>
        {!headerBlocked && (
          <span className={stat}>
            {preview.rowsWithErrors === 0 ? 'No errors found' : `${plural(preview.rowsWithErrors, 'row')} with errors`}
          </span>
        )}
      </div>

      {headerBlocked && (
        <Alert tone="error" title="Missing columns" className={section}>
          The file needs these columns: {preview.missingColumns.join(', ')}. Download the {target.templateLabel} for the right header.
        </Alert>
      )}
      {!headerBlocked && preview.rowCount === 0 && (
        <Alert tone="error" title={`No ${target.noun}s in this file`} className={section}>
          The file has a header but no data rows.
        </Alert>
      )}
      {(preview.unknownColumns.length > 0 || preview.missingOptionalColumns.length > 0) && (
        <Alert tone="info" title="Header notes" className={section}>
          {preview.unknownColumns.length > 0 && <p>Columns that will be ignored: {preview.unknownColumns.join(', ')}.</p>}
          {preview.missingOptionalColumns.length > 0 && <p>Optional columns not in the file (left empty): {preview.missingOptionalColumns.join(', ')}.</p>}
        </Alert>
      )}

      {preview.errorCount > 0 && (
        <div className={section}>
          <h3 className={heading}>Errors found in the file ({formatCount(preview.errorCount)})</h3>
          <p className={css({ fontSize: 'xs', color: 'fg.muted', mb: '2' })}>
            These rows will be rejected; you can still upload the others.
          </p>
          <IssueList label="Errors found in the file" issues={preview.errors} total={preview.errorCount} />
        </div>
      )}

      {unknownNames.length > 0 && (
        <div className={section}>
          <h3 className={heading}>Names the library does not have</h3>
          <ul className={css({ fontSize: 'sm', mb: '2', pl: '4', listStyle: 'disc' })}>
            {unknownNames.map((column) => (
              <li key={column}>
                {target.nameLabels[column]}: {preview.unknownNames[column]?.join(', ')}
              </li>
            ))}
          </ul>
          <IssueList label="Rows with unknown names" issues={preview.warnings} total={preview.warningCount} />
          <p className={more}>{target.unknownNamesNote}</p>
          {nameOptions}
        </div>
      )}

      {unknownNames.length === 0 && preview.checkedNames.length < nameColumns.length && canUploadPreview(preview) && (
        <div className={section}>
          <p className={more}>
            Some {orList(nameColumns)} names could not be checked here (your account cannot read those lists).
          </p>
          {nameOptions}
        </div>
      )}

      {preview.sampleRows.length > 0 && canUploadPreview(preview) && (
        <div className={section}>
          <h3 className={heading}>First rows</h3>
          <div className={cx(focusable(), tableWrap)} tabIndex={0} role="region" aria-label="First rows of the file">
            <table className={table}>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  {target.columns.map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {preview.sampleRows.map((row, index) => (
                  <tr key={index}>
                    <td>{index + 1}</td>
                    {target.columns.map((column) => (
                      <td key={column} title={masked.has(column) ? undefined : row[column]}>
                        {masked.has(column) && row[column] ? '••••••' : row[column]}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </div>
  );
}

/** The upload's result: imported count, the rejected rows with their reasons, and their CSV. */
export function UploadResult({
  noun,
  file,
  outcome,
  onDownload,
}: {
  /** What one row is ('book'). */
  noun: string;
  file: File;
  outcome: UploadOutcome;
  onDownload: (file: File, issues: RowIssue[]) => Promise<void>;
}) {
  const [saving, setSaving] = useState(false);
  const rejectedRows = new Set(outcome.issues.map((issue) => issue.row)).size;
  return (
    <div className={section} role="region" aria-label="Upload result">
      <Alert tone={outcome.imported > 0 ? 'success' : 'error'} title={`${plural(outcome.imported, noun)} imported`}>
        {outcome.detail && <p>{outcome.detail}</p>}
        {rejectedRows > 0 && <p>{plural(rejectedRows, 'row')} rejected.</p>}
      </Alert>
      {outcome.issues.length > 0 && (
        <div className={section}>
          <h3 className={heading}>Rejected rows</h3>
          <IssueList
            label="Rejected rows"
            issues={outcome.issues.slice(0, MAX_RESULT_ROWS)}
            total={Math.max(outcome.errorCount ?? 0, outcome.issues.length)}
          />
          <Button
            variant="outline"
            className={css({ mt: '3' })}
            loading={saving}
            onClick={async () => {
              setSaving(true);
              try {
                await onDownload(file, outcome.issues);
              } catch (error) {
                toast.error(callErrorMessage('rejected-rows-download', error));
              } finally {
                setSaving(false);
              }
            }}
          >
            Download rejected rows (CSV)
          </Button>
        </div>
      )}
    </div>
  );
}
