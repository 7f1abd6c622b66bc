/** `POST /users/invitations/`'s answer (docs/API.md "Accounts"): the invitation, and for staff the role it gives. */
import { nullable, optional, string, type, type Infer } from 'superstruct';
import { IdStruct } from '#shared/schemas/common';

export const InvitationStruct = type({
  id: IdStruct,
  email: string(),
  expires_at: string(),
  role: optional(nullable(type({ id: IdStruct, name: string() }))),
});
export type Invitation = Infer<typeof InvitationStruct>;
