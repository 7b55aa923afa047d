import type { ResidentTagSaveBody } from '@linli/shared';
import { sql } from 'drizzle-orm';
import { audit } from '../../core/audit';
import type { Auth } from '../../core/auth';
import { fail, fieldError, notFound } from '../../core/errors';
import { sqlRows } from '../../core/sql-rows';
import type { AppDeps } from '../../deps';

export const DEFAULT_TAGS = ['老人', '独居', '残障', '党员', '志愿者', '重点关注', 'VIP'] as const;

export async function tagList(deps: AppDeps, auth: Auth) {
  const rows = await sqlRows<{ id: number; name: string; color: string; sort: number; n: number }>(
    deps.database.db,
    sql`select t.id, t.name, t.color, t.sort,
        (select count(*) from resident_tag_links l join residents e on e.id = l.resident_id
          where l.tag_id = t.id and not e.is_deleted)::int as n
      from resident_tags t where t.cmp_id = ${auth.cmpId} order by t.sort, t.id`,
  );
  return rows.map((r) => ({ Id: r.id, Name: r.name, Color: r.color, Sort: r.sort, Count: Number(r.n) }));
}

export async function tagSave(deps: AppDeps, auth: Auth, b: ResidentTagSaveBody, ip: string) {
  const { db } = deps.database;
  const now = deps.now();
  return db.transaction(async (tx) => {
    if (b.Id) {
      const [own] = await sqlRows<{ id: number }>(
        tx,
        sql`select id from resident_tags where id = ${b.Id} and cmp_id = ${auth.cmpId}`,
      );
      if (!own) throw notFound();
    }
    const [dup] = await sqlRows<{ id: number }>(
      tx,
      sql`select id from resident_tags where cmp_id = ${auth.cmpId} and name = ${b.Name} and id <> ${b.Id}`,
    );
    if (dup) throw fieldError('Name', '标签名称已存在');
    let id = b.Id;
    if (id)
      await tx.execute(sql`update resident_tags set name = ${b.Name}, color = ${b.Color ?? ''}, sort = ${b.Sort},
        updated_at = ${now} where id = ${id}`);
    else {
      const [row] = await sqlRows<{ id: number }>(
        tx,
        sql`insert into resident_tags (cmp_id, name, color, sort, created_by, created_at, updated_at)
          values (${auth.cmpId}, ${b.Name}, ${b.Color ?? ''}, ${b.Sort}, ${auth.userId}, ${now}, ${now}) returning id`,
      );
      id = Number(row!.id);
    }
    await audit(
      tx,
      {
        cmpId: auth.cmpId,
        userId: auth.userId,
        action: b.Id ? 'resident-tag.edit' : 'resident-tag.add',
        entity: 'resident_tag',
        entityId: id,
        detail: { Name: b.Name },
        ip,
      },
      now,
    );
    return { Id: id };
  });
}

export async function tagDelete(deps: AppDeps, auth: Auth, id: number, ip: string) {
  const { db } = deps.database;
  const now = deps.now();
  await db.transaction(async (tx) => {
    const [t] = await sqlRows<{ id: number; used: boolean }>(
      tx,
      sql`select t.id, exists (select 1 from resident_tag_links l join residents e on e.id = l.resident_id
          where l.tag_id = t.id and not e.is_deleted) as used
        from resident_tags t where t.id = ${id} and t.cmp_id = ${auth.cmpId}`,
    );
    if (!t) throw notFound();
    if (t.used) throw fail('该标签正在使用');
    await tx.execute(sql`delete from resident_tag_links where tag_id = ${id}`);
    await tx.execute(sql`delete from resident_tags where id = ${id}`);
    await audit(
      tx,
      { cmpId: auth.cmpId, userId: auth.userId, action: 'resident-tag.del', entity: 'resident_tag', entityId: id, ip },
      now,
    );
  });
}
