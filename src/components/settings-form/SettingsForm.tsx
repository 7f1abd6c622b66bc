/**
 * The frame of a settings screen: its heading, the load failure or 'Loading...', then one form
 * with the read-only note (without the change permission), the save's summary, the screen's
 * panels and Save settings.
 */
import type { FormEvent, ReactNode, RefObject } from 'react';
import { css } from 'styled-system/css';
import { PageHeader, formActions, stack } from '../Panel';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { LoadingState } from '../ui/Spinner';

export interface SettingsFormProps<V> {
  title: string;
  intro: string;
  /** The permission's name in the read-only note, e.g. “Change library settings”. */
  permission: string;
  /** What `useSettingsForm` answers: the form, whether it may be saved, the load failure. */
  screen: { canSave: boolean; loadError: string | null; form: { formRef: RefObject<HTMLFormElement>; values: V | null; summary: string | null; saving: boolean } };
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The screen's panels, drawn once the values are loaded. */
  children: (values: V) => ReactNode;
}

export function SettingsForm<V>({ title, intro, permission, screen, onSubmit, children }: SettingsFormProps<V>) {
  const { canSave, loadError, form } = screen;
  if (loadError !== null) {
    return (
      <>
        <PageHeader title={title} />
        <Alert tone="error" title="Settings unavailable">
          {loadError || null}
        </Alert>
      </>
    );
  }
  if (!form.values) return <LoadingState text="Loading..." />;
  return (
    <>
      <PageHeader title={title}>{intro}</PageHeader>
      <form ref={form.formRef} onSubmit={onSubmit} noValidate className={stack} aria-busy={form.saving || undefined}>
        {!canSave && (
          <Alert tone="info" title="Read only">
            You can see these settings, but changing them needs the {permission} permission.
          </Alert>
        )}
        {form.summary && <Alert tone="error">{form.summary}</Alert>}
        {children(form.values)}
        {canSave && (
          <div className={formActions}>
            <Button type="submit" loading={form.saving} loadingText="Submitting..." className={css({ minW: '10rem' })}>
              Save settings
            </Button>
          </div>
        )}
      </form>
    </>
  );
}
