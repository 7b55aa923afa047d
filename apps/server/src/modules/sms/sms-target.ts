import { sqlRows } from '../../core/sql-rows';
import { isMobile, normalisePhone, type SmsTarget } from '@linli/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Auth } from '../../core/auth';
import { notFound } from '../../core/errors';
import { idList } from '../../core/filters';
import { communityIdsOf } from '../../core/scope';
import type { Tx } from '../../db/client';
import { arrearsRooms } from './arrears-seam';

/**
 * The criteria a batch keeps (its Target JSON): the sender's choice plus the communities he served when he sent,
 * so that a scheduled batch expands within his scope without a session.
 */
export interface StoredTarget extends SmsTarget {
  ScopeIds: number[];
}

export interface PhoneSplit {
  valid: string[];
  invalid: string[];
}

/** 手动输入: de-duplicated valid mobiles and the entries that are not mobiles (as typed). */
export function splitManual(phones: string[]): PhoneSplit {
  const valid = new Set<string>();
  const invalid: string[] = [];
  for (const raw of phones) {
    const p = normalisePhone(raw);
    if (!p) continue;
    if (isMobile(p)) valid.add(p);
    else invalid.push(raw);
  }
  return { valid: [...valid], invalid };
}

/** Refuses ids of communities, buildings, units or tags outside the caller's company and scope ('数据不存在'). */
export async function scopeTarget(db: Tx, auth: Auth, t: SmsTarget): Promise<StoredTarget> {
  const scope = await communityIdsOf(db, auth);
  if (t.CommunityIds.some((id) => !scope.includes(id))) throw notFound();
  const count = async (table: string, ids: number[], inScopeCol: string | null) => {
    if (!ids.length) return;
    const [r] = await sqlRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.raw(table)} where cmp_id = ${auth.cmpId} and id = any(${idList(ids)}::int[])
        ${inScopeCol ? sql`and ${sql.raw(inScopeCol)} = any(${idList(scope)}::int[])` : sql``}`,
    );
    if ((r?.n ?? 0) !== new Set(ids).size) throw notFound();
  };
  await count('buildings', t.BuildingIds, 'community_id');
  await count('building_units', t.UnitIds, 'community_id');
  await count('resident_tags', t.TagIds, null);
  return { ...t, ScopeIds: scope };
}

/**
 * Recipients as rows (phone, resident_id, name, room, community, amount), one per phone: current residents (在住,
 * not moved out) of the chosen rooms with a mobile and a chosen role, or the typed numbers. The phone picks its
 * primary, then owner link first.
 */
export async function recipientsSql(db: Tx, cmpId: number, t: StoredTarget): Promise<SQL> {
  if (t.Kind === 4) {
    const phones = splitManual(t.Phones).valid;
    return sql`(select distinct on (p.phone) p.phone, e.id as resident_id, coalesce(e.name, '') as name,
        coalesce(r.full_name, '') as room, coalesce(c.name, '') as community, '' as amount
      from unnest(${`{${phones.join(',')}}`}::text[]) as p(phone)
      left join residents e on e.cmp_id = ${cmpId} and e.mobile = p.phone and not e.is_deleted
      left join resident_rooms rr on rr.resident_id = e.id and rr.move_out_date is null
        and rr.community_id = any(${idList(t.ScopeIds)}::int[])
      left join rooms r on r.id = rr.room_id
      left join communities c on c.id = rr.community_id
      order by p.phone, rr.is_primary desc nulls last, rr.role nulls last, rr.id)`;
  }
  let rooms: SQL;
  let amount: SQL = sql`''`;
  const communities = t.CommunityIds.filter((id) => t.ScopeIds.includes(id));
  if (t.Kind === 1) rooms = sql`rr.community_id = any(${idList(communities)}::int[])`;
  else if (t.Kind === 2)
    rooms = sql`(rr.community_id = any(${idList(communities)}::int[]) or r.building_id = any(${idList(t.BuildingIds)}::int[])
      or r.unit_id = any(${idList(t.UnitIds)}::int[]))`;
  else if (t.Kind === 3)
    rooms = sql`exists (select 1 from resident_tag_links l where l.resident_id = e.id and l.cmp_id = ${cmpId}
        and l.tag_id = any(${idList(t.TagIds)}::int[]))
      ${communities.length ? sql`and rr.community_id = any(${idList(communities)}::int[])` : sql``}`;
  else {
    const owed = await arrearsRooms({
      db,
      CmpId: cmpId,
      CommunityIds: communities.length ? communities : t.ScopeIds,
      MinMoney: t.ArrearsMoney,
      MinMonths: t.ArrearsMonths,
    });
    const money = JSON.stringify(Object.fromEntries(owed.map((o) => [o.RoomId, o.Money])));
    rooms = sql`rr.room_id = any(${idList(owed.map((o) => o.RoomId))}::int[])`;
    amount = sql`coalesce(${money}::jsonb ->> rr.room_id::text, '')`;
  }
  const roles = t.Roles.length ? sql`and rr.role = any(${idList(t.Roles)}::int[])` : sql``;
  return sql`(select distinct on (e.mobile) e.mobile as phone, e.id as resident_id, e.name, r.full_name as room,
      c.name as community, ${amount} as amount
    from resident_rooms rr
    join residents e on e.id = rr.resident_id
    join rooms r on r.id = rr.room_id
    join communities c on c.id = rr.community_id
    where rr.cmp_id = ${cmpId} and rr.move_out_date is null and rr.community_id = any(${idList(t.ScopeIds)}::int[])
      and e.status = 1 and not e.is_deleted and e.mobile ~ '^1[3-9][0-9]{9}$' ${roles} and ${rooms}
    order by e.mobile, rr.is_primary desc, rr.role, rr.id)`;
}
