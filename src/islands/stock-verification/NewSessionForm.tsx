/**
 * The "New verification" form: a name and optional filters (department, category, shelf). Opening
 * freezes the copies the session expects and leads straight to its scan desk.
 */
import { useStore } from '@nanostores/react';
import type { FormEvent } from 'react';
import { css, cx } from 'styled-system/css';
import { toolbar } from 'styled-system/recipes';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { SelectField } from '../../components/ui/SelectField';
import { TextField } from '../../components/ui/TextField';
import { toastOnNextPage } from '../../components/ui/Toaster';
import { useForm } from '../../components/use-form';
import { referenceOptions, useReferenceList } from '../../components/use-reference-list';
import { openStockSession } from '../../lib/api/stock-verification';
import { NOTICES } from '../../lib/notices';
import { holdsPermission } from '../../lib/permissions';
import {
  EMPTY_NEW_SESSION,
  NEW_SESSION_FIELDS,
  SESSION_NAME_MAX,
  STOCK_MESSAGES,
  newSessionBody,
  stockErrorMessage,
  validateNewSession,
  type NewSessionValues,
} from '../../lib/stock-verification';
import { $categories, $departments, $memberDepartments } from '../../stores/reference';
import { $session } from '../../stores/session';
import { sessionHref } from './SessionLink';

const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: '2fr 1fr 1fr 1fr' }, gap: '3', alignItems: 'start' });
const actions = cx(toolbar({ justify: 'end' }), css({ mt: '4' }));

export function NewSessionForm() {
  const user = useStore($session);
  const departments = useReferenceList(holdsPermission(user, 'view_department') ? $departments : $memberDepartments);
  const categories = useReferenceList($categories);
  const form = useForm<NewSessionValues>({ initial: EMPTY_NEW_SESSION });
  const { formRef, summary, saving } = form;

  const open = (event: FormEvent<HTMLFormElement>) =>
    form.submit(event, {
      validate: validateNewSession,
      send: async (values) => {
        const session = await openStockSession(newSessionBody(values));
        toastOnNextPage('success', NOTICES.stockSessionOpened(session.name));
        window.location.assign(sessionHref(session.id));
      },
      fields: NEW_SESSION_FIELDS,
      summary: (failure) => stockErrorMessage(failure, STOCK_MESSAGES.openFailed),
    });

  return (
    <form ref={formRef} onSubmit={open} noValidate aria-busy={saving || undefined} aria-label="New verification">
      {summary && <Alert tone="error" className={css({ mb: '3' })}>{summary}</Alert>}
      <div className={grid}>
        <TextField label="Name" required maxLength={SESSION_NAME_MAX} {...form.bind('name')} />
        <SelectField label="Department" placeholder="All departments" options={referenceOptions(departments) ?? []} {...form.bind('department')} />
        <SelectField label="Category" placeholder="All categories" options={referenceOptions(categories) ?? []} {...form.bind('category')} />
        <TextField label="Shelf" helperText="As written on the copies." {...form.bind('shelf')} />
      </div>
      <div className={actions}>
        <Button type="submit" loading={saving} loadingText="Opening...">
          Open verification
        </Button>
      </div>
    </form>
  );
}
