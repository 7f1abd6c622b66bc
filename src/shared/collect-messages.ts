/**
 * The wording of fine collection refusals, shared by the Collect dialog (through FORM_MESSAGES in
 * forms.ts) and the server, which answers the same sentences. No imports, so the server can load it.
 */
export const COLLECT_MESSAGES = {
  finesRequired: 'Choose at least one fine.',
  discountReasonRequired: 'Give a reason for the discount.',
  collectNothing: 'Enter the amount received or a discount.',
} as const;

/** A collection larger than what the chosen fines owe; both amounts already written out ("Rs. 40.00"). */
export const collectTooMuchMessage = (asked: string, owed: string): string => `${asked} is more than the ${owed} owed on these fines.`;
