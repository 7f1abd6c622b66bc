/**
 * A member's state in SQL, the rule of `#shared/member-state` (`memberStateOf`): declined is
 * rejected whatever else is set, then active, then never approved (pending), else disabled. The
 * filters keep the shape the `users_member_lists` index (role, is_active, is_declined, …) serves:
 * both flags compared for equality (or a list of the two values), so every list and count starts
 * from the index. The flags are stored 0/1 and never null.
 */
import { sql, type RawBuilder } from 'kysely';
import type { MemberState } from '#shared/member-state';

const flag = (alias: string, name: 'is_active' | 'is_declined' | 'approved_at') => sql.ref(`${alias}.${name}`);

/** The state of the users `alias` as a text column. */
export const memberStateSql = (alias = 'u'): RawBuilder<MemberState> =>
  sql<MemberState>`(case when ${flag(alias, 'is_declined')} = 1 then 'rejected' when ${flag(alias, 'is_active')} = 1 then 'active' when ${flag(alias, 'approved_at')} is null then 'pending' else 'disabled' end)`;

/** The users `alias` in one state. */
export function inMemberState(state: MemberState, alias = 'u'): RawBuilder<boolean> {
  const active = flag(alias, 'is_active');
  const declined = flag(alias, 'is_declined');
  const approved = flag(alias, 'approved_at');
  switch (state) {
    case 'active':
      return sql<boolean>`(${active} = 1 and ${declined} = 0)`;
    case 'rejected':
      return sql<boolean>`(${active} in (0, 1) and ${declined} = 1)`;
    case 'pending':
      return sql<boolean>`(${active} = 0 and ${declined} = 0 and ${approved} is null)`;
    case 'disabled':
      return sql<boolean>`(${active} = 0 and ${declined} = 0 and ${approved} is not null)`;
  }
}
