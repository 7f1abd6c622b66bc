/**
 * The member profile's field groups, shared by every member form (staff adding a member, a member
 * editing his own profile): Personal, Academic and Contact panels of plain labelled fields, each
 * bound through the form's one hook (`bind` of `components/use-form`). A form adds what only it
 * has (registration id, e-mail, the current password) through the panels' slots.
 */
import type { ChangeEvent, ReactNode } from 'react';
import { ImageUpload } from '../ImageUpload';
import { Panel, fieldGrid } from '../Panel';
import { SelectField, type SelectOption } from '../ui/SelectField';
import { TextField } from '../ui/TextField';
import type { FileChange } from '../../lib/forms';
import { SHIFTS } from '#shared/member-rules';

/** The profile fields these panels show. */
export type MemberDetailField =
  | 'first_name'
  | 'middle_name'
  | 'last_name'
  | 'father_first_name'
  | 'father_last_name'
  | 'cnic'
  | 'department'
  | 'session'
  | 'class_name'
  | 'section'
  | 'roll_no'
  | 'shift'
  | 'mobile_number'
  | 'emergency_contact'
  | 'home_address';

/** What the form hook's `bind` hands a field. */
export interface BoundField {
  name: string;
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;
}

const SHIFT_OPTIONS: readonly SelectOption[] = SHIFTS.map((shift) => ({ value: shift, label: shift === 'DAY' ? 'Day' : 'Night' }));

/** The Personal, Academic and Contact panels; `departments` and `sessions` are null while they load. */
export function MemberDetailFields({
  bind,
  departments,
  sessions,
  personalFirst,
  academicExtra,
  contactFirst,
  contactExtra,
  own = false,
}: {
  bind: (field: MemberDetailField) => BoundField;
  departments: readonly SelectOption[] | null;
  sessions: readonly SelectOption[] | null;
  /** Fields before the names (e.g. none, or an account's). */
  personalFirst?: ReactNode;
  /** Fields after the academic ones (e.g. the registration id). */
  academicExtra?: ReactNode;
  /** Fields before the phone numbers (e.g. the e-mail). */
  contactFirst?: ReactNode;
  /** Content after the contact fields (e.g. the current password). */
  contactExtra?: ReactNode;
  /** The member's own details: the browser may fill them in, and names may stay blank. */
  own?: boolean;
}) {
  const fill = (token: string) => (own ? token : 'off');
  const loading = (options: readonly SelectOption[] | null) => (options === null ? 'Loading...' : undefined);
  return (
    <>
      <Panel title="Personal">
        <div className={fieldGrid}>
          {personalFirst}
          <TextField label="First name" autoComplete={fill('given-name')} required={!own} {...bind('first_name')} />
          <TextField label="Middle name" autoComplete={fill('additional-name')} {...bind('middle_name')} />
          <TextField label="Last name" autoComplete={fill('family-name')} required={!own} {...bind('last_name')} />
          <TextField label="CNIC" helperText="13 digits, e.g. 35202-1234567-1" {...bind('cnic')} />
          <TextField label="Father's first name" {...bind('father_first_name')} />
          <TextField label="Father's last name" {...bind('father_last_name')} />
        </div>
      </Panel>
      <Panel title="Academic">
        <div className={fieldGrid}>
          <SelectField label="Department" options={departments ?? []} placeholder="Not selected" helperText={loading(departments)} {...bind('department')} />
          <SelectField label="Session" options={sessions ?? []} placeholder="Not selected" helperText={loading(sessions)} {...bind('session')} />
          <TextField label="Class" {...bind('class_name')} />
          <TextField label="Section" {...bind('section')} />
          <TextField label="Roll no." {...bind('roll_no')} />
          <SelectField label="Shift" placeholder="Not selected" options={SHIFT_OPTIONS} {...bind('shift')} />
          {academicExtra}
        </div>
      </Panel>
      <Panel title="Contact">
        <div className={fieldGrid}>
          {contactFirst}
          <TextField label="Mobile number" type="tel" autoComplete={fill('tel')} {...bind('mobile_number')} />
          <TextField label="Emergency contact" type="tel" {...bind('emergency_contact')} />
          <TextField label="Home address" autoComplete={fill('street-address')} {...bind('home_address')} />
        </div>
        {contactExtra}
      </Panel>
    </>
  );
}

/** The Photo panel of every member form: the profile photo, round, cleared of its error on a change. */
export function MemberPhotoPanel({
  currentUrl,
  value,
  disabled,
  error,
  onChange,
}: {
  currentUrl: string | null | undefined;
  value: FileChange;
  disabled: boolean;
  error: string | undefined;
  onChange: (change: FileChange) => void;
}) {
  return (
    <Panel title="Photo">
      <ImageUpload label="Profile photo" round currentUrl={currentUrl ?? null} value={value} disabled={disabled} error={error} onChange={onChange} />
    </Panel>
  );
}
