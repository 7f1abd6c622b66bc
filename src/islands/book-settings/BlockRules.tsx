/**
 * Book Settings' Blocks panel: when the desk refuses a loan or renewal (fines owed over an amount,
 * 0 = no block; more overdue loans than a number; a loan overdue by more days than a number; an
 * expired membership). The loan limit and an inactive account always block.
 */
import { css, cx } from 'styled-system/css';
import { checkRow, text } from 'styled-system/recipes';
import { TextField } from '../../components/ui/TextField';
import { BLOCKS_FIELDS, blocksBody, blocksToValues, DESK_RULE_MESSAGES, validateBlocks, type BlocksField, type BlocksValues } from '../../lib/book-settings-desk';
import { DeskRulesFrame } from './DeskRulesFrame';
import { useDeskRules, type DeskRulesPanel } from './use-desk-rules';

const PANEL: DeskRulesPanel<BlocksValues, BlocksField> = {
  toValues: blocksToValues,
  validate: validateBlocks,
  body: blocksBody,
  fields: BLOCKS_FIELDS,
  notSaved: DESK_RULE_MESSAGES.blocksNotSaved,
};

export function BlockRules({ canSave }: { canSave: boolean }) {
  const { form, frame } = useDeskRules(PANEL, canSave);
  const { values } = form;
  return (
    <DeskRulesFrame
      title="Blocks"
      intro="When the desk refuses to issue or renew a book. Staff with the override permission may still lend, giving a reason."
      {...frame}
      saveLabel="Save blocks"
    >
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(3, minmax(0, 1fr))' }, gap: '5' })}>
        <TextField label="Block when fines owed are over (Rs.)" inputMode="decimal" helperText="0 = no block for fines." {...form.bind('block_fines_over')} />
        <TextField label="Block when overdue loans are more than" inputMode="numeric" helperText="Leave blank for no block." {...form.bind('block_overdue_count')} />
        <TextField label="Block when a loan is overdue by more days than" inputMode="numeric" helperText="Leave blank for no block." {...form.bind('block_overdue_days')} />
      </div>
      <label className={cx(checkRow(), css({ fontWeight: 'normal' }))}>
        <input
          type="checkbox"
          name="block_membership_expired"
          checked={values?.block_membership_expired === 'yes'}
          disabled={form.disabled}
          onChange={(event) => form.setValue('block_membership_expired', event.target.checked ? 'yes' : 'no')}
        />
        An expired membership blocks
      </label>
      <p className={text({ tone: 'muted', size: 'sm' })}>{DESK_RULE_MESSAGES.alwaysBlock}</p>
    </DeskRulesFrame>
  );
}
