/**
 * The frame of a desk-rules panel of Book Settings: its title and intro, the load failure or the
 * loading state, the read-only note without change_librarysettings, the save failure's summary, the
 * panel's fields and the Reset / Save actions.
 */
import type { FormEvent, ReactNode, RefObject } from 'react';
import { css } from 'styled-system/css';
import { Panel, formActions, stack } from '../../components/Panel';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { LoadingState } from '../../components/ui/Spinner';

export interface DeskRulesFrameProps {
  title: string;
  intro: string;
  loadError: string | null;
  loaded: boolean;
  canSave: boolean;
  saving: boolean;
  dirty: boolean;
  summary: string | null;
  formRef: RefObject<HTMLFormElement>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onReset: () => void;
  saveLabel: string;
  children: ReactNode;
}

export function DeskRulesFrame(props: DeskRulesFrameProps) {
  const { title, intro, loadError, loaded, canSave, saving, dirty, summary } = props;
  if (loadError) {
    return (
      <Panel title={title} intro={intro}>
        <Alert tone="error" title={`${title} unavailable`}>
          {loadError}
        </Alert>
      </Panel>
    );
  }
  if (!loaded) {
    return (
      <Panel title={title} intro={intro}>
        <LoadingState text="Loading..." />
      </Panel>
    );
  }
  return (
    <Panel title={title} intro={intro}>
      <form ref={props.formRef} onSubmit={props.onSubmit} noValidate className={stack} aria-busy={saving || undefined} aria-label={title}>
        {!canSave && (
          <Alert tone="info" title="Read only">
            You can see these rules, but changing them needs the “Change library settings” permission.
          </Alert>
        )}
        {summary && <Alert tone="error">{summary}</Alert>}
        {props.children}
        {canSave && (
          <div className={formActions}>
            {dirty && !saving && (
              <Button variant="ghost" onClick={props.onReset}>
                Reset
              </Button>
            )}
            <Button type="submit" loading={saving} loadingText="Saving..." className={css({ minW: '10rem' })}>
              {props.saveLabel}
            </Button>
          </div>
        )}
      </form>
    </Panel>
  );
}
