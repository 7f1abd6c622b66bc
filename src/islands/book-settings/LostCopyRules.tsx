/**
 * Book Settings' Lost copies panel: the processing fee charged with a lost copy's price, and what a
 * lost copy found again does to its charges (cancel what is owed, or refund what was paid as well).
 */
import { css } from 'styled-system/css';
import { SelectField } from '../../components/ui/SelectField';
import { TextField } from '../../components/ui/TextField';
import {
  DESK_RULE_MESSAGES,
  LOST_COPIES_FIELDS,
  lostCopiesBody,
  lostCopiesToValues,
  validateLostCopies,
  type LostCopiesField,
  type LostCopiesValues,
} from '../../lib/book-settings-desk';
import { LOST_FOUND_ACTION_LABELS, LOST_FOUND_ACTIONS } from '#shared/fee-types';
import { DeskRulesFrame } from './DeskRulesFrame';
import { useDeskRules, type DeskRulesPanel } from './use-desk-rules';

const PANEL: DeskRulesPanel<LostCopiesValues, LostCopiesField> = {
  toValues: lostCopiesToValues,
  validate: validateLostCopies,
  body: lostCopiesBody,
  fields: LOST_COPIES_FIELDS,
  notSaved: DESK_RULE_MESSAGES.lostCopiesNotSaved,
};

const ACTION_OPTIONS = LOST_FOUND_ACTIONS.map((action) => ({ value: action, label: LOST_FOUND_ACTION_LABELS[action] }));

export function LostCopyRules({ canSave }: { canSave: boolean }) {
  const { form, frame } = useDeskRules(PANEL, canSave);
  return (
    <DeskRulesFrame
      title="Lost copies"
      intro="A lost copy is charged its price plus this processing fee, each a charge of its own."
      {...frame}
      saveLabel="Save lost-copy rules"
    >
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, gap: '5' })}>
        <TextField label="Processing fee (Rs.)" inputMode="decimal" helperText="0 = no processing fee." {...form.bind('lost_processing_fee')} />
        <SelectField label="When a lost copy is found again" options={ACTION_OPTIONS} {...form.bind('lost_found_action')} />
      </div>
    </DeskRulesFrame>
  );
}
