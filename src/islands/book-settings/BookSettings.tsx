/**
 * settings/books (Book Settings): the loan rules, the accession settings and the reference data (categories with images,
 * languages, departments, members' academic sessions). Seeing the page needs view_librarysettings (the layout
 * guards that); each part checks its own permissions.
 */
import { useStore } from '@nanostores/react';
import { PageHeader, stack } from '../../components/Panel';
import { REFERENCE_KINDS, referencePermissions } from '../../lib/book-settings';
import { holdsPermission } from '../../lib/permissions';
import { $session } from '../../stores/session';
import { AccessionSettings } from './AccessionSettings';
import { BlockRules } from './BlockRules';
import { CalendarRules } from './CalendarRules';
import { LoanRules } from './LoanRules';
import { LostCopyRules } from './LostCopyRules';
import { ReferencePanel } from './ReferencePanel';

export default function BookSettings() {
  const session = useStore($session);
  const can = (codename: string | null) => (codename === null ? session !== null : holdsPermission(session, codename));

  return (
    <>
      <PageHeader title="Book Settings">Loan rules, blocks, lost copies, the calendar, accession numbers and labels, the lists books are filed under (categories, languages, departments) and members' academic sessions.</PageHeader>
      <div className={stack}>
        <LoanRules canSave={can('change_librarysettings')} />
        <BlockRules canSave={can('change_librarysettings')} />
        <LostCopyRules canSave={can('change_librarysettings')} />
        <CalendarRules canSave={can('change_librarysettings')} />
        <AccessionSettings canSave={can('change_librarysettings')} />
        {REFERENCE_KINDS.map((kind) => {
          const codes = referencePermissions(kind);
          return <ReferencePanel key={kind} kind={kind} can={{ view: can(codes.view), add: can(codes.add), change: can(codes.change), delete: can(codes.delete) }} />;
        })}
      </div>
    </>
  );
}
