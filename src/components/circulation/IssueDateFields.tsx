/**
 * The Issue Date and Due Date fields of a loan, shared by the Book issue dialog and the issue of a
 * reservation: the due date may not precede the issue date nor pass a year after it
 * (lib/loan-dates), and moving the issue date is handed to the opener, which moves the due date
 * with it (`withIssueDate` of lib/issue-form).
 */
import { latestDueDate } from '#shared/loan-dates';
import DateField from '../DateField';

export interface IssueDateFieldsProps {
  issueDate: string;
  dueDate: string;
  errors: { issue_date?: string | undefined; due_date?: string | undefined };
  onIssueDate: (value: string) => void;
  onDueDate: (value: string) => void;
  disabled: boolean;
  /** The issue date is fixed (editing a loan). */
  issueDateLocked?: boolean;
}

export function IssueDateFields({ issueDate, dueDate, errors, onIssueDate, onDueDate, disabled, issueDateLocked = false }: IssueDateFieldsProps) {
  return (
    <>
      <DateField
        label="Issue Date"
        required
        name="issue_date"
        value={issueDate}
        error={errors.issue_date}
        disabled={disabled || issueDateLocked}
        onChange={onIssueDate}
      />
      <DateField
        label="Due Date"
        required
        name="due_date"
        value={dueDate}
        error={errors.due_date}
        disabled={disabled}
        min={issueDate || undefined}
        max={latestDueDate(issueDate) || undefined}
        onChange={onDueDate}
      />
    </>
  );
}
