/** Request bodies of the invitation calls (superstruct; parsed by the routes with parseBody). */
import { type } from 'superstruct';
import { emailAddress } from '../../http/validation.js';
import { accountFields } from './fields.js';

export const InvitationBody = type({ email: emailAddress() });
export const InvitationAcceptanceBody = type(accountFields());
