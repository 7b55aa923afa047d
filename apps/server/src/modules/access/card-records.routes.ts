import {
  codeName,
  LANE_DIRECTIONS,
  normaliseCardNo,
  PASS_METHODS,
  PASS_RESULTS,
  timeRangeFilter,
  zOptionalText,
} from '@linli/shared';
import { and, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Auth } from '../../core/auth';
import { call } from '../../core/calls';
import { xlsxExport } from '../../core/excel';
import { likeText, optionalInt } from '../../core/filters';
import { listWithCount } from '../../core/list-count';
import { pagingFields } from '../../core/paging';
import { inScope } from '../../core/scope';
import { fmtTime } from '../../core/time';
import type { Tx } from '../../db/client';
import { cardPassRecords, communities, lanes } from '../../db/schema';
import { timeRange } from './time-range';

const ROLE = 'txgl_skjl';
const filter = {
  ...pagingFields,
  CommunityId: optionalInt(),
  LaneId: optionalInt(),
  ...timeRangeFilter,
  Keyword: zOptionalText(30, '卡号/姓名'),
  Method: optionalInt(),
  Result: optionalInt(),
};
const Filters = z.object(filter);
type Filters = z.infer<typeof Filters>;

function whereOf(auth: Auth, f: Filters, now: Date): SQL | undefined {
  const { from, to } = timeRange(f, auth.timeZone, now, 1);
  const card = f.Keyword ? normaliseCardNo(f.Keyword) : '';
  return and(
    eq(cardPassRecords.cmpId, auth.cmpId),
    inScope(auth, cardPassRecords.communityId),
    gte(cardPassRecords.occurTime, from),
    lt(cardPassRecords.occurTime, to),
    f.CommunityId ? eq(cardPassRecords.communityId, f.CommunityId) : undefined,
    f.LaneId ? eq(cardPassRecords.laneId, f.LaneId) : undefined,
    f.Keyword
      ? or(eq(cardPassRecords.cardNo, card), ilike(cardPassRecords.personName, likeText(f.Keyword)))
      : undefined,
    f.Method ? eq(cardPassRecords.method, f.Method) : undefined,
    f.Result ? eq(cardPassRecords.result, f.Result) : undefined,
  );
}

const select = (db: Tx) =>
  db
    .select({
      Id: cardPassRecords.id,
      CommunityId: cardPassRecords.communityId,
      CommunityName: communities.name,
      LaneId: cardPassRecords.laneId,
      LaneName: lanes.name,
      Direction: cardPassRecords.direction,
      Method: cardPassRecords.method,
      CardNo: cardPassRecords.cardNo,
      CardId: cardPassRecords.cardId,
      ResidentId: cardPassRecords.residentId,
      PersonName: cardPassRecords.personName,
      RoomText: cardPassRecords.roomText,
      Result: cardPassRecords.result,
      DenyReason: cardPassRecords.denyReason,
      PhotoPath: cardPassRecords.photoPath,
      Remark: cardPassRecords.remark,
      OccurTime: cardPassRecords.occurTime,
    })
    .from(cardPassRecords)
    .innerJoin(lanes, eq(lanes.id, cardPassRecords.laneId))
    .innerJoin(communities, eq(communities.id, cardPassRecords.communityId))
    .$dynamic();

type Raw = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
const view = (r: Raw, tz: string) => ({
  ...r,
  DirectionName: codeName(LANE_DIRECTIONS, r.Direction),
  MethodName: codeName(PASS_METHODS, r.Method),
  ResultName: codeName(PASS_RESULTS, r.Result),
  OccurTime: fmtTime(r.OccurTime, tz),
});
export type CardRecordView = ReturnType<typeof view>;

/** 刷卡记录 (txgl_skjl): read-only, today by default, ≤93 days, newest first. */
export const cardRecordCalls = [
  call({
    path: '/CardRecord/List',
    role: ROLE,
    reads: true,
    body: Filters,
    handler: (f, { deps, auth }) => {
      const { db } = deps.database;
      const where = whereOf(auth, f, deps.now());
      return listWithCount(db, f, {
        table: cardPassRecords,
        where,
        rows: async (p) =>
          (
            await select(db)
              .where(where)
              .orderBy(desc(cardPassRecords.occurTime), desc(cardPassRecords.id))
              .limit(p.limit)
              .offset(p.offset)
          ).map((r) => view(r, auth.timeZone)),
      });
    },
  }),
  call({
    path: '/CardRecord/Export',
    role: ROLE,
    btn: 'export',
    body: Filters,
    handler: async (f, { deps, auth }) => {
      const { db } = deps.database;
      const where = whereOf(auth, f, deps.now());
      // Newest first, in keyset pages on (OccurTime, Id) so a large export never holds more than a page.
      async function* rows() {
        let last: { t: Date; id: number } | null = null;
        for (;;) {
          const page: Raw[] = await select(db)
            .where(
              and(
                where,
                last
                  ? or(
                      lt(cardPassRecords.occurTime, last.t),
                      and(eq(cardPassRecords.occurTime, last.t), lt(cardPassRecords.id, last.id)),
                    )
                  : undefined,
              ),
            )
            .orderBy(desc(cardPassRecords.occurTime), desc(cardPassRecords.id))
            .limit(500);
          for (const r of page) yield view(r, auth.timeZone);
          if (page.length < 500) return;
          const end = page[page.length - 1]!;
          last = { t: end.OccurTime, id: end.Id };
        }
      }
      return xlsxExport(
        '刷卡记录',
        [
          { header: '时间', width: 20, value: (r: CardRecordView) => r.OccurTime },
          { header: '小区', value: (r) => r.CommunityName },
          { header: '通道', value: (r) => r.LaneName },
          { header: '方向', value: (r) => r.DirectionName },
          { header: '方式', value: (r) => r.MethodName },
          { header: '卡号', value: (r) => r.CardNo },
          { header: '人员', value: (r) => r.PersonName },
          { header: '房屋', width: 24, value: (r) => r.RoomText },
          { header: '结果', value: (r) => r.ResultName },
          { header: '原因', value: (r) => r.DenyReason || r.Remark },
        ],
        rows(),
      );
    },
  }),
];
