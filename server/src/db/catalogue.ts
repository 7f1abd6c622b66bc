/**
 * Keeps the database in step with the permission catalogue of `src/lib/permission-codes.ts`:
 * upserts every permission, ensures the built-in roles, and grants each role its default set the
 * first time the role or a permission appears. Grants that an administrator removed later are
 * not given back, because only new roles and new permissions receive defaults.
 */
import type { Kysely } from 'kysely';
import { BUILT_IN_ROLES, DEFAULT_ROLE_PERMISSIONS, PERMISSIONS } from '#shared/permission-codes';
import type { Database } from './schema.js';
import { flag } from './values.js';

/** Upserts permissions, built-in roles, their defaults and the settings row. */
export async function syncCatalogue(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const known = new Set((await trx.selectFrom('permissions').select('codename').execute()).map((p) => p.codename));
    for (const permission of PERMISSIONS) {
      await trx
        .insertInto('permissions')
        .values({ codename: permission.codename, name: permission.name, module: permission.module })
        .onConflict((oc) => oc.column('codename').doUpdateSet({ name: permission.name, module: permission.module }))
        .execute();
    }
    const newCodenames = new Set(PERMISSIONS.map((p) => p.codename).filter((c) => !known.has(c)));
    const permissionIds = new Map(
      (await trx.selectFrom('permissions').select(['id', 'codename']).execute()).map((p) => [p.codename, p.id]),
    );

    const roleIdsBefore = new Set((await trx.selectFrom('roles').select('name').execute()).map((r) => r.name));
    for (const roleName of BUILT_IN_ROLES) {
      const inserted = await trx
        .insertInto('roles')
        .values({ name: roleName, built_in: flag(true) })
        .onConflict((oc) => oc.column('name').doUpdateSet({ built_in: flag(true) }))
        .returning('id')
        .executeTakeFirstOrThrow();
      const roleId = inserted.id;
      const existing = roleIdsBefore.has(roleName);
      const grants = DEFAULT_ROLE_PERMISSIONS[roleName].filter((c) => !existing || newCodenames.has(c));
      for (const codename of grants) {
        const permissionId = permissionIds.get(codename);
        if (permissionId === undefined) continue;
        await trx
          .insertInto('role_permissions')
          .values({ role_id: roleId, permission_id: permissionId })
          .onConflict((oc) => oc.columns(['role_id', 'permission_id']).doNothing())
          .execute();
      }
    }

    // The settings table holds one row, id 1; a fixed id keeps two starting instances from adding two.
    await trx.insertInto('library_settings').values({ id: 1 }).onConflict((oc) => oc.column('id').doNothing()).execute();
  });
}
