import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client';
import { sqlRows } from '../../apps/server/src/core/sql-rows';
import type { AppDeps } from '../../apps/server/src/deps';
import { expandBatch } from '../../apps/server/src/modules/sms/sms-batch';
import { round } from './stats';

export const SMS_CONTENT = '尊敬的{姓名}，您{房号}的{月份}物业费已出账，请及时缴纳。';

/** An approved signature and template and a large balance for the bench company; answers their ids. */
export async function smsSetup(database: Database, cmpId: number) {
  const { db } = database;
  const [sign] = await sqlRows<{ id: number }>(
    db,
    sql`insert into sms_signs (cmp_id, name, state) values (${cmpId}, '压测物业', 2) returning id`,
  );
  const [tpl] = await sqlRows<{ id: number }>(
    db,
    sql`insert into sms_templates (cmp_id, name, kind, content, state) values (${cmpId}, '压测通知', 1, ${SMS_CONTENT}, 2) returning id`,
  );
  await db.execute(sql`insert into sms_accounts (cmp_id, balance) values (${cmpId}, 10000000)
    on conflict (cmp_id) do update set balance = 10000000`);
  const communities = await sqlRows<{ id: number }>(
    db,
    sql`select id from communities where cmp_id = ${cmpId} order by id`,
  );
  return { signId: sign!.id, templateId: tpl!.id, communityIds: communities.map((c) => c.id) };
}

/** The send body: every 业主 of one community (about 10,000 with the default 100,000 rooms). */
export const sendBody = (s: Awaited<ReturnType<typeof smsSetup>>, communityId: number) => ({
  Target: JSON.stringify({ Kind: 1, CommunityIds: [communityId], Roles: [1] }),
  TemplateId: s.templateId,
  SignId: s.signId,
  Vars: JSON.stringify({ 月份: '12月' }),
});

/**
 * The same rows written raw: one INSERT … SELECT of the community's owners with their rendered text and 条数, as a
 * hand-written statement would do it; answers the row count and milliseconds, then removes the rows.
 */
export async function rawInsertSelect(database: Database, cmpId: number, communityId: number) {
  const { db } = database;
  const t0 = performance.now();
  const [r] = await sqlRows<{ n: number }>(
    db,
    sql`with ins as (insert into sms_records (cmp_id, source, phone, resident_id, name, content, segments, state)
      select ${cmpId}::int, 1, e.mobile, e.id, e.name, c.content, case when char_length(c.content) <= 70 then 1 else ceil(char_length(c.content) / 67.0)::int end, 1
      from resident_rooms rr join residents e on e.id = rr.resident_id join rooms r on r.id = rr.room_id
        cross join lateral (select '【压测物业】' || replace(replace(${SMS_CONTENT.replace('{月份}', '12月')}::text, '{姓名}', e.name), '{房号}', r.full_name) as content) c
      where rr.cmp_id = ${cmpId} and rr.community_id = ${communityId} and rr.role = 1 and rr.move_out_date is null
      returning id) select count(*)::int as n from ins`,
  );
  const ms = performance.now() - t0;
  await db.execute(sql`delete from sms_records where cmp_id = ${cmpId} and batch_id is null`);
  return { rows: r!.n, ms: round(ms, 1) };
}

/** The batch's own expansion (what the background run does first), timed. */
export async function timedExpand(deps: AppDeps, cmpId: number, batchId: number) {
  const t0 = performance.now();
  const rows = await expandBatch(deps, cmpId, batchId);
  return { rows, ms: round(performance.now() - t0, 1) };
}
