import {
  CARD_STATUS,
  CARD_TYPES,
  codeName,
  EXPIRING_DAYS,
  HOLDER_KINDS,
  normaliseCardNo,
  VALID_STATES,
  zOptionalText,
} from '@linli/shared';
import { and, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Auth } from '../../core/auth';
import { addDays, daysBetween } from '../../core/dates';
import { likeText, optionalInt } from '../../core/filters';
import { pagingFields } from '../../core/paging';
import { inScope } from '../../core/scope';
import { sortFields } from '../../core/sorting';
import { fmtTime } from '../../core/time';
import type { Tx } from '../../db/client';
import { accessCards, communities, residents, users } from '../../db/schema';

/** 卡片管理's filters, rows and view, shared by List, Get and Export. */

export const cardFilter = {
  CommunityId: optionalInt(),
  CardNo: zOptionalText(20, '卡号'),
  Keyword: zOptionalText(30, '持卡人/手机'),
  CardType: optionalInt(),
  Status: optionalInt(),
  ValidState: optionalInt(),
};
export const CardFilters = z.object({ ...pagingFields, ...sortFields, ...cardFilter });
export type CardFilters = z.infer<typeof CardFilters>;

const holderName = sql<string>`coalesce(${residents.name}, ${users.name}, ${accessCards.holderName})`;
const holderMobile = sql<string>`coalesce(nullif(${residents.mobile}, ''), ${users.phone}, ${accessCards.holderMobile})`;

/** ValidState 1有效 2即将到期 (30天内到期) 3已过期, by the company's today. */
export function cardWhere(auth: Auth, f: Partial<CardFilters>, today: string): SQL | undefined {
  const soon = addDays(today, EXPIRING_DAYS);
  return and(
    eq(accessCards.cmpId, auth.cmpId),
    inScope(auth, accessCards.communityId),
    f.CommunityId ? eq(accessCards.communityId, f.CommunityId) : undefined,
    f.CardNo ? ilike(accessCards.cardNo, likeText(normaliseCardNo(f.CardNo))) : undefined,
    // Table columns and sub-selects only: the list's count runs on access_cards without its joins.
    f.Keyword
      ? or(
          ilike(accessCards.holderName, likeText(f.Keyword)),
          ilike(accessCards.holderMobile, likeText(f.Keyword)),
          sql`exists (select 1 from residents r where r.id = ${accessCards.holderResidentId}
            and (r.name ilike ${likeText(f.Keyword)} or r.mobile ilike ${likeText(f.Keyword)}))`,
        )
      : undefined,
    f.CardType ? eq(accessCards.cardType, f.CardType) : undefined,
    f.Status ? eq(accessCards.status, f.Status) : undefined,
    f.ValidState === 1 ? gte(accessCards.validTo, soon) : undefined,
    f.ValidState === 2 ? and(gte(accessCards.validTo, today), lt(accessCards.validTo, soon)) : undefined,
    f.ValidState === 3 ? lt(accessCards.validTo, today) : undefined,
  );
}

export const cardSelect = (db: Tx) =>
  db
    .select({
      Id: accessCards.id,
      CommunityId: accessCards.communityId,
      CommunityName: communities.name,
      CardNo: accessCards.cardNo,
      CardType: accessCards.cardType,
      HolderKind: accessCards.holderKind,
      HolderResidentId: accessCards.holderResidentId,
      HolderUserId: accessCards.holderUserId,
      HolderName: holderName,
      HolderMobile: holderMobile,
      ValidFrom: accessCards.validFrom,
      ValidTo: accessCards.validTo,
      Status: accessCards.status,
      ReplacedById: accessCards.replacedById,
      Created: accessCards.createdAt,
      CreatorName: sql<string>`coalesce((select u.name from users u where u.id = ${accessCards.createdBy}), '')`,
      RoomIds: sql<
        number[]
      >`coalesce((select array_agg(cr.room_id order by cr.room_id) from access_card_rooms cr where cr.card_id = ${accessCards.id}), '{}')`,
      RoomText: sql<string>`coalesce((select string_agg(r.full_name, '、' order by r.id) from access_card_rooms cr
        join rooms r on r.id = cr.room_id where cr.card_id = ${accessCards.id}), '')`,
      LaneIds: sql<
        number[]
      >`coalesce((select array_agg(cl.lane_id order by cl.lane_id) from access_card_lanes cl where cl.card_id = ${accessCards.id}), '{}')`,
      LaneNames: sql<
        string[]
      >`coalesce((select array_agg(l.name order by l.id) from access_card_lanes cl join lanes l on l.id = cl.lane_id where cl.card_id = ${accessCards.id}), '{}')`,
    })
    .from(accessCards)
    .innerJoin(communities, eq(communities.id, accessCards.communityId))
    .leftJoin(residents, eq(residents.id, accessCards.holderResidentId))
    .leftJoin(users, eq(users.id, accessCards.holderUserId))
    .$dynamic();

export type CardRaw = Awaited<ReturnType<ReturnType<typeof cardSelect>['execute']>>[number];

export function cardView(r: CardRaw, today: string, tz: string) {
  const { Created, ...rest } = r;
  const daysLeft = daysBetween(today, r.ValidTo);
  const validState = daysLeft < 0 ? 3 : daysLeft < EXPIRING_DAYS ? 2 : 1;
  const laneIds = (r.LaneIds ?? []).map(Number);
  return {
    ...rest,
    HolderName: r.HolderName ?? '',
    HolderMobile: r.HolderMobile ?? '',
    RoomIds: (r.RoomIds ?? []).map(Number),
    LaneIds: laneIds,
    LaneNames: r.LaneNames ?? [],
    LaneCount: laneIds.length,
    CardTypeName: codeName(CARD_TYPES, r.CardType),
    HolderKindName: codeName(HOLDER_KINDS, r.HolderKind),
    StatusName: codeName(CARD_STATUS, r.Status),
    ValidState: validState,
    ValidStateName: codeName(VALID_STATES, validState),
    DaysLeft: daysLeft,
    CreateTime: fmtTime(Created, tz),
  };
}
export type CardView = ReturnType<typeof cardView>;

export const cardSort = {
  CardNo: accessCards.cardNo,
  ValidTo: accessCards.validTo,
  CreateTime: accessCards.createdAt,
};
