/**
 * The one frame of an issue form, shared by the Book issue dialog and the reserved-book issue
 * dialog: the call's summary first, what the form issues (`top`), the Issue Date and Due Date
 * fields beside the pickers (`pickers`), the picks' facts (`bottom`), then Cancel and Submit.
 */
import type { FormEvent, ReactNode } from 'react';
import { css } from 'styled-system/css';
import { dialogActions } from '../Modal';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { IssueDateFields } from './IssueDateFields';
import type { IssueFlow } from './use-issue-flow';

const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' });
const stack = css({ display: 'flex', flexDirection: 'column', gap: '4', mt: '3' });

/** The flow, the parts around the date fields, and the buttons' words. */
export interface IssueFormFrameProps {
  flow: IssueFlow;
  /** The form's accessible name, when the dialog's title does not name it. */
  label?: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  submitLabel: string;
  savingLabel: string;
  /** Enter submits (the desk's keyboard flow): the button says so. */
  enterSubmits?: boolean;
  /** The issue date is fixed (editing a loan). */
  issueDateLocked?: boolean;
  top?: ReactNode;
  pickers?: ReactNode;
  bottom?: ReactNode;
}

export function IssueFormFrame({ flow, label, onSubmit, onClose, submitLabel, savingLabel, enterSubmits, issueDateLocked, top, pickers, bottom }: IssueFormFrameProps) {
  const { values, errors, summary, saving, formRef } = flow;
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className={stack} aria-label={label}>
      {summary && <Alert tone="error">{summary}</Alert>}
      {top}
      <div className={grid}>
        <IssueDateFields
          issueDate={values?.issue_date ?? ''}
          dueDate={values?.due_date ?? ''}
          errors={errors}
          onIssueDate={flow.changeIssueDate}
          onDueDate={flow.setDueDate}
          disabled={!values || saving}
          issueDateLocked={issueDateLocked}
        />
        {pickers}
      </div>
      {bottom}
      <div className={dialogActions}>
        <Button variant="outline" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" loading={saving} loadingText={savingLabel} aria-keyshortcuts={enterSubmits ? 'Enter' : undefined} title={enterSubmits ? 'Enter' : undefined}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
