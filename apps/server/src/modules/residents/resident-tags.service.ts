import type { ResidentSetTagsBody, ResidentTagSaveBody } from '@linli/shared';
import { and, asc, count, eq, inArray, ne, not, sql } from 'drizzle-orm';
import { audit } from '../../core/audit';
import type { Auth } from '../../core/auth';
import { fail, fieldError, notFound } from '../../core/errors';
import { anyId, idList } from '../../core/filters';
import type { Tx } from '../../db/client';
import { residents, residentTagLinks, residentTags } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { visibleResident } from './residents-query';

export const DEFAULT_TAGS = ['老人', '独居', '残障', '党员', '志愿者', '重点关注', 'VIP'] as const;

type Who = Pick<Auth, 'cmpId' | 'userId'>;

/** A link of the tag to a resident who is not deleted: what "in use" means. */
const liveLink = (db: Tx, cmpId: number, tagId: number) =>
  db
    .select({ id: residentTagLinks.id })
    .from(residentTagLinks)
    .innerJoin(residents, eq(residents.id, residentTagLinks.residentId))
    .where(and(eq(residentTagLinks.cmpId, cmpId), eq(residentTagLinks.tagId, tagId), not(residents.isDeleted)))
    .limit(1);

export async function tagList(deps: AppDeps, auth: Auth) {
  const { db } = deps.database;
  const inUse = db
    .select({ tagId: residentTagLinks.tagId, n: count().as('n') })
    .from(residentTagLinks)
    .innerJoin(residents, eq(residents.id, residentTagLinks.residentId))
    .where(and(eq(residentTagLinks.cmpId, auth.cmpId), not(residents.isDeleted)))
    .groupBy(residentTagLinks.tagId)
    .as('used');
  const rows = await db
    .select({
      Id: residentTags.id,
      Name: residentTags.name,
      Color: residentTags.color,
      Sort: residentTags.sort,
      Count: sql<number>`coalesce(${inUse.n}, 0)`.mapWith(Number),
    })
    .from(residentTags)
    .leftJoin(inUse, eq(inUse.tagId, residentTags.id))
    .where(eq(residentTags.cmpId, auth.cmpId))
    .orderBy(asc(residentTags.sort), asc(residentTags.id));
  return rows;
}

export async function tagSave(deps: AppDeps, auth: Auth, b: ResidentTagSaveBody, ip: string) {
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
    const mine = eq(residentTags.cmpId, auth.cmpId);
    if (b.Id) {
      const [own] = await tx
        .select({ id: residentTags.id })
        .from(residentTags)
        .where(and(mine, eq(residentTags.id, b.Id)));
      if (!own) throw notFound();
    }
    const [dup] = await tx
      .select({ id: residentTags.id })
      .from(residentTags)
      .where(and(mine, eq(residentTags.name, b.Name), ne(residentTags.id, b.Id)));
    if (dup) throw fieldError('Name', '标签名称已存在');
    const fields = { name: b.Name, color: b.Color ?? '', sort: b.Sort, updatedAt: now };
    let id = b.Id;
    if (id)
      await tx
        .update(residentTags)
        .set(fields)
        .where(and(eq(residentTags.cmpId, auth.cmpId), eq(residentTags.id, id)));
    else {
      const [row] = await tx
        .insert(residentTags)
        .values({ ...fields, cmpId: auth.cmpId, createdBy: auth.userId, createdAt: now })
        .returning({ id: residentTags.id });
      id = row!.id;
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
  const now = deps.now();
  await deps.database.db.transaction(async (tx) => {
    const mine = and(eq(residentTags.cmpId, auth.cmpId), eq(residentTags.id, id));
    const [t] = await tx.select({ id: residentTags.id }).from(residentTags).where(mine);
    if (!t) throw notFound();
    if ((await liveLink(tx, auth.cmpId, id)).length) throw fail('该标签正在使用');
    await tx
      .delete(residentTagLinks)
      .where(and(eq(residentTagLinks.cmpId, auth.cmpId), eq(residentTagLinks.tagId, id)));
    await tx.delete(residentTags).where(and(eq(residentTags.cmpId, auth.cmpId), eq(residentTags.id, id)));
    await audit(
      tx,
      { cmpId: auth.cmpId, userId: auth.userId, action: 'resident-tag.del', entity: 'resident_tag', entityId: id, ip },
      now,
    );
  });
}

/** Adds tags to residents in one statement (pairs already there are kept). */
async function addTags(tx: Tx, who: Who, residentIds: number[], tagIds: number[], now: Date) {
  if (!residentIds.length || !tagIds.length) return;
  await tx.execute(sql`insert into ${residentTagLinks} (cmp_id, resident_id, tag_id, created_by, created_at, updated_at)
    select ${who.cmpId}::int, r, t, ${who.userId}::int, ${now}, ${now}
    from unnest(${idList(residentIds)}::int[]) r cross join unnest(${idList(tagIds)}::int[]) t
    on conflict (resident_id, tag_id) do nothing`);
}

/** The import's 标签 column: adds the company's tags of these names to one resident. */
export async function addTagsByName(tx: Tx, who: Who, residentId: number, names: string[], now: Date) {
  if (!names.length) return;
  const tags = await tx
    .select({ id: residentTags.id })
    .from(residentTags)
    .where(and(eq(residentTags.cmpId, who.cmpId), inArray(residentTags.name, names)));
  await addTags(
    tx,
    who,
    [residentId],
    tags.map((t) => t.id),
    now,
  );
}

/** The residents' tags become exactly `tagIds`. */
export async function replaceTags(tx: Tx, who: Who, residentIds: number[], tagIds: number[], now: Date) {
  await tx
    .delete(residentTagLinks)
    .where(and(eq(residentTagLinks.cmpId, who.cmpId), anyId(residentTagLinks.residentId, residentIds)));
  await addTags(tx, who, residentIds, tagIds, now);
}

/** 批量打标签: add to or replace the tags of residents the session may see; at most 10 tags each ('标签最多10个'). */
export async function setTags(deps: AppDeps, auth: Auth, b: ResidentSetTagsBody, ip: string) {
  const { db } = deps.database;
  const ids = [...new Set(b.Ids)];
  const visible = await db
    .select({ id: residents.id })
    .from(residents)
    .where(and(anyId(residents.id, ids), await visibleResident(db, auth, null)));
  if (visible.length !== ids.length) throw notFound();
  if (b.TagIds.length) {
    const tags = await db
      .select({ id: residentTags.id })
      .from(residentTags)
      .where(and(eq(residentTags.cmpId, auth.cmpId), anyId(residentTags.id, b.TagIds)));
    if (tags.length !== new Set(b.TagIds).size) throw notFound();
  }
  const now = deps.now();
  await db.transaction(async (tx) => {
    if (b.Mode === 'replace') await replaceTags(tx, auth, ids, b.TagIds, now);
    else await addTags(tx, auth, ids, b.TagIds, now);
    const over = await tx
      .select({ residentId: residentTagLinks.residentId })
      .from(residentTagLinks)
      .where(and(eq(residentTagLinks.cmpId, auth.cmpId), anyId(residentTagLinks.residentId, ids)))
      .groupBy(residentTagLinks.residentId)
      .having(sql`count(*) > 10`)
      .limit(1);
    if (over.length) throw fail('标签最多10个');
    await audit(
      tx,
      {
        cmpId: auth.cmpId,
        userId: auth.userId,
        action: 'resident.tags',
        entity: 'resident',
        detail: { Ids: ids, TagIds: b.TagIds, Mode: b.Mode },
        ip,
      },
      now,
    );
  });
  return { Changed: ids.length };
}
