import { FEE_PAYER_TYPE, feeName } from '@linli/shared';
import { sql } from 'drizzle-orm';
import type { Auth } from '../../core/auth';
import { fail, notFound } from '../../core/errors';
import { likeText } from '../../core/filters';
import { communityIdsOf } from '../../core/scope';
import { sqlRows } from '../../core/sql-rows';
import type { Tx } from '../../db/client';

/**
 * 收费台 Cashier/Search and Cashier/Context (domain/fees.md "收费台"): the cashier types a 房号 ('1-2-1201' reads as
 * 1栋-2单元-1201), an owner's name, a phone, a 车牌 or an ID number and picks the room; the card then shows the owner, the
 * area, the prepaid balances and what is owed by the room with its spaces and vehicles.
 */
export interface SearchHit {
  RoomId: number;
  RoomName: string;
  CommunityName: string;
  OwnerName: string;
  OwnerMobile: string;
  ArrearsMoney: string;
  PayerType: number;
  PayerId: number;
  PayerName: string;
}

const arrearsOf = (roomId: ReturnType<typeof sql>) =>
  sql`coalesce((select sum(b.amount_money - b.discount_money - b.paid_money) from fee_bills b
      where b.room_id = ${roomId} and b.state in (1, 2)), 0)::numeric(14,2)::text`;

/** '1-2-1201' → '1栋-2单元-1201', the stored full name; anything else is searched as typed. */
export function roomKeyOf(keyword: string): string | null {
  const m = /^(\w+)-(\w+)-(\w+)$/.exec(keyword.trim());
  return m ? `${m[1]}栋-${m[2]}单元-${m[3]}` : null;
}

/**
 * The desk's one search box. A 房号 typed alone ('101') puts the rooms numbered exactly so first, and shorter names
 * before longer ones, so 1栋-1单元-101 comes before 1栋-1单元-1001.
 */
export async function cashierSearch(db: Tx, auth: Auth, keyword: string): Promise<SearchHit[]> {
  const ids = await communityIdsOf(db, auth);
  const kw = likeText(keyword.trim());
  const roomKey = roomKeyOf(keyword);
  const exact = roomKey ?? keyword.trim();
  // '1-2-1201' is a 房号, never a name, phone, plate or ID number: the people and vehicle scans are skipped.
  const others = roomKey === null;
  const rows = await sqlRows<Omit<SearchHit, 'PayerType' | 'PayerId' | 'PayerName'>>(
    db,
    sql`with hit as (
          select r.id from rooms r
          where r.cmp_id = ${auth.cmpId} and (r.full_name = ${exact} or r.full_name ilike ${kw})
          union
          select rr.room_id from residents p
          join resident_rooms rr on rr.resident_id = p.id and rr.move_out_date is null
          where ${others} and p.cmp_id = ${auth.cmpId} and not p.is_deleted
            and (p.name ilike ${kw} or p.mobile ilike ${kw} or p.id_no ilike ${kw})
          union
          select v.room_id from vehicles v
          where ${others} and v.cmp_id = ${auth.cmpId} and not v.is_deleted and v.room_id is not null
            and v.plate ilike ${kw}
        )
        select r.id as "RoomId", r.full_name as "RoomName", c.name as "CommunityName",
               coalesce(o.name, '') as "OwnerName", coalesce(o.mobile, '') as "OwnerMobile",
               ${arrearsOf(sql`r.id`)} as "ArrearsMoney"
        from hit join rooms r on r.id = hit.id
        join communities c on c.id = r.community_id
        left join residents o on o.id = r.owner_resident_id
        where r.cmp_id = ${auth.cmpId} and r.community_id = any(${`{${ids.join(',')}}`}::int[])
        order by (r.full_name = ${exact}) desc, (r.room_no = ${keyword.trim()}) desc, length(r.full_name), r.full_name
        limit 20`,
  );
  return rows.map((r) => ({ ...r, PayerType: 1, PayerId: r.RoomId, PayerName: r.RoomName }));
}

export async function cashierContext(
  db: Tx,
  auth: Auth,
  q: { RoomId?: number | undefined; PayerType?: number | undefined; PayerId?: number | undefined },
) {
  if (!q.RoomId) {
    // A payer without a room (an ad-space rental): its own bills only, no prepaid accounts.
    if (!q.PayerType || !q.PayerId) throw fail('请选择房屋');
    const [p] = await sqlRows<{ name: string; community_id: number; arrears: string }>(
      db,
      sql`select max(b.payer_name) as name, max(b.community_id) as community_id,
            coalesce(sum(b.amount_money - b.discount_money - b.paid_money) filter (where b.state in (1, 2)), 0)::numeric(14,2)::text as arrears
          from fee_bills b where b.cmp_id = ${auth.cmpId} and b.payer_type = ${q.PayerType} and b.payer_id = ${q.PayerId}`,
    );
    const ids = await communityIdsOf(db, auth);
    if (!p?.community_id || !ids.includes(p.community_id)) throw notFound('缴费对象不存在');
    return {
      Room: null,
      OwnerName: p.name,
      OwnerMobile: '',
      ArrearsMoney: p.arrears,
      Accounts: [],
      Payers: [
        {
          PayerType: q.PayerType,
          PayerTypeName: feeName(FEE_PAYER_TYPE, q.PayerType),
          PayerId: q.PayerId,
          PayerName: p.name,
        },
      ],
    };
  }
  const ids = await communityIdsOf(db, auth);
  const [room] = await sqlRows<{
    Id: number;
    RoomName: string;
    CommunityId: number;
    CommunityName: string;
    BuildingId: number;
    BuildArea: string;
    InnerArea: string;
    OwnerName: string;
    OwnerMobile: string;
    ArrearsMoney: string;
  }>(
    db,
    sql`select r.id as "Id", r.full_name as "RoomName", r.community_id as "CommunityId", c.name as "CommunityName",
          r.building_id as "BuildingId", r.build_area::text as "BuildArea", coalesce(r.inner_area, 0)::text as "InnerArea",
          coalesce(o.name, '') as "OwnerName", coalesce(o.mobile, '') as "OwnerMobile", ${arrearsOf(sql`r.id`)} as "ArrearsMoney"
        from rooms r join communities c on c.id = r.community_id
        left join residents o on o.id = r.owner_resident_id
        where r.id = ${q.RoomId} and r.cmp_id = ${auth.cmpId}`,
  );
  if (!room || !ids.includes(room.CommunityId)) throw notFound('房屋不存在');
  const accounts = await sqlRows<{ Id: number; ItemId: number; ItemName: string; BalanceMoney: string }>(
    db,
    sql`select a.id as "Id", coalesce(a.item_id, 0) as "ItemId", coalesce(i.item_name, '通用') as "ItemName",
          a.balance_money::text as "BalanceMoney"
        from fee_prepaid_accounts a left join fee_items i on i.id = a.item_id
        where a.cmp_id = ${auth.cmpId} and a.room_id = ${room.Id}
        order by a.item_id nulls first, a.id`,
  );
  const others = await sqlRows<{ PayerType: number; PayerId: number; PayerName: string }>(
    db,
    sql`select distinct b.payer_type as "PayerType", b.payer_id as "PayerId", b.payer_name as "PayerName"
        from fee_bills b where b.cmp_id = ${auth.cmpId} and b.room_id = ${room.Id} and b.payer_type <> 1
        order by 1, 2`,
  );
  const { OwnerName, OwnerMobile, ArrearsMoney, ...roomRow } = room;
  return {
    Room: roomRow,
    OwnerName,
    OwnerMobile,
    ArrearsMoney,
    Accounts: accounts,
    Payers: [{ PayerType: 1, PayerId: room.Id, PayerName: room.RoomName }, ...others].map((p) => ({
      ...p,
      PayerTypeName: feeName(FEE_PAYER_TYPE, p.PayerType),
    })),
  };
}
