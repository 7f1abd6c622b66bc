/** People offered by the pickers: `GET /members/search/` answers (members) and the shape every picker shows. */
import { nullable, optional, string, type, type Infer } from 'superstruct';
import { IdStruct } from '#shared/schemas/common';

const Text = optional(nullable(string()));

/** One member found by `GET /members/search/`. */
export const MemberPickStruct = type({ id: IdStruct, username: string(), first_name: Text, last_name: Text, email: Text, member_id: Text, state: Text });

export type MemberPick = Infer<typeof MemberPickStruct>;
