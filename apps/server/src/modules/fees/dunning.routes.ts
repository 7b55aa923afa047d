import {
  DunningArrearsListBody,
  DunningLogBody,
  DunningNoticeBody,
  DunningRecordBody,
  DunningSendSmsBody,
  FEE_DUNNING_CHANNEL,
  feeName,
} from '@linli/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type AuthedContext, call, defineCalls, Page } from '../../core/calls';
import { todayIn } from '../../core/dates';
import { xlsxExport } from '../../core/excel';
import { notFound } from '../../core/errors';
import { pageOf } from '../../core/paging';
import { communityIdsOf } from '../../core/scope';
import { sqlRows } from '../../core/sql-rows';
import { arrearsList, logDunning, notices, sendSms } from './dunning.service';

const time = (col: SQL, tz: string) => sql`to_char(${col} at time zone ${tz}, 'YYYY-MM-DD HH24:MI:SS')`;

/** 欠费催缴 (sfgl_yjfwjf): the arrears list, 短信催缴, 催缴单, 登记催缴 and the log. */
export const dunningCalls = defineCalls(
  call({
    path: '/Dunning/ArrearsList',
    role: 'sfgl_yjfwjf',
    reads: true,
    body: DunningArrearsListBody,
    handler: async (b, { auth, deps }) => {
      const asOf = b.AsOfDate ?? todayIn(deps.now(), auth.timeZone);
      const r = await arrearsList(deps.database.db, auth, b, asOf, pageOf(b));
      return new Page(r.rows, r.count, { ArrearsMoney: r.total });
    },
  }),
  call({
    path: '/Dunning/Export',
    role: 'sfgl_yjfwjf',
    btn: 'export',
    body: DunningArrearsListBody,
    handler: async (b, { auth, deps }) => {
      const asOf = b.AsOfDate ?? todayIn(deps.now(), auth.timeZone);
      const r = await arrearsList(deps.database.db, auth, b, asOf, null);
      return xlsxExport(
        '欠费催缴',
        [
          { header: '房号', value: (x) => x.RoomName, width: 18 },
          { header: '业主', value: (x) => x.OwnerName },
          { header: '电话', value: (x) => x.OwnerMobile, width: 14 },
          { header: '欠缴金额', value: (x) => x.ArrearsMoney, numFmt: '0.00' },
          { header: '欠缴月数', value: (x) => x.Months },
          { header: '最早应缴日', value: (x) => x.EarliestDueDate, width: 12 },
          { header: '逾期天数', value: (x) => x.OverdueDays },
          { header: '账龄', value: (x) => x.AgeBandName },
          { header: '应计滞纳金', value: (x) => x.AccruedLateFeeMoney, numFmt: '0.00' },
          { header: '项目', value: (x) => x.ItemNames, width: 20 },
          { header: '最近催缴', value: (x) => x.LastDunningTime, width: 20 },
          { header: '次数', value: (x) => x.DunningCount },
        ],
        r.rows,
      );
    },
  }),
  call({
    path: '/Dunning/SendSms',
    role: 'sfgl_yjfwjf',
    btn: 'sms',
    body: DunningSendSmsBody,
    handler: async (b, { auth, deps }) => {
      const now = deps.now();
      const asOf = b.AsOfDate ?? todayIn(now, auth.timeZone);
      const { RoomIds, All, TemplateId, ...filters } = b;
      if (!All && !RoomIds.length) throw notFound('请选择房屋');
      const all = await arrearsList(deps.database.db, auth, All ? filters : {}, asOf, null);
      const rows = All ? all.rows : all.rows.filter((r) => RoomIds.includes(r.RoomId));
      return sendSms(deps, auth, rows, now, TemplateId || undefined);
    },
  }),
  call({
    path: '/Dunning/Notice',
    role: 'sfgl_yjfwjf',
    btn: 'print',
    body: DunningNoticeBody,
    handler: async (b, { auth, deps }) => {
      const now = deps.now();
      return notices(deps.database.db, auth, b.RoomIds, todayIn(now, auth.timeZone), now);
    },
  }),
  call({
    path: '/Dunning/Record',
    role: 'sfgl_yjfwjf',
    btn: 'add',
    body: DunningRecordBody,
    handler: async (b, { auth, deps }) => {
      const now = deps.now();
      const db = deps.database.db;
      const ids = await communityIdsOf(db, auth);
      const r = await arrearsList(db, auth, {}, todayIn(now, auth.timeZone), null);
      let room = r.rows.find((x) => x.RoomId === b.RoomId);
      if (!room) {
        const [x] = await sqlRows<{ community_id: number }>(
          db,
          sql`select community_id from rooms where id = ${b.RoomId} and cmp_id = ${auth.cmpId}`,
        );
        if (!x || !ids.includes(x.community_id)) throw notFound('房屋不存在');
        room = {
          RoomId: b.RoomId,
          CommunityId: x.community_id,
          ArrearsMoney: '0.00',
          Months: 0,
        } as (typeof r.rows)[number];
      }
      return { Id: await logDunning(db, auth, now, room, b.Channel, b.Result) };
    },
  }),
  call({
    path: '/Dunning/Log',
    role: 'sfgl_yjfwjf',
    reads: true,
    body: DunningLogBody,
    handler: dunningLogPage,
  }),
  // 收费台's read-only 催缴记录 tab: the cashier (sfgl_jft) reads the log of the room on the desk.
  call({
    path: '/Cashier/DunningLog',
    role: 'sfgl_jft',
    reads: true,
    body: DunningLogBody,
    handler: async (b, ctx) => (b.RoomId ? dunningLogPage(b, ctx) : new Page([], 0)),
  }),
);

/** The 催缴 log (FeeDunningLog), newest first: the 欠费催缴 screen's tab and the 收费台's 催缴记录 of one room. */
async function dunningLogPage(b: z.infer<typeof DunningLogBody>, { auth, deps }: AuthedContext) {
  const db = deps.database.db;
  const ids = await communityIdsOf(db, auth);
  const tz = auth.timeZone;
  const where: SQL[] = [sql`d.cmp_id = ${auth.cmpId}`, sql`d.community_id = any(${`{${ids.join(',')}}`}::int[])`];
  if (b.CommunityId) where.push(sql`d.community_id = ${b.CommunityId}`);
  if (b.RoomId) where.push(sql`d.room_id = ${b.RoomId}`);
  if (b.Channel) where.push(sql`d.channel = ${b.Channel}`);
  if (b.DateFrom) where.push(sql`d.created_at >= (${b.DateFrom}::date::timestamp at time zone ${tz})`);
  if (b.DateTo) where.push(sql`d.created_at < ((${b.DateTo}::date + 1)::timestamp at time zone ${tz})`);
  const w = sql.join(where, sql` and `);
  const { limit, offset } = pageOf(b);
  const rows = await sqlRows<{ Channel: number }>(
    db,
    sql`select d.id as "Id", d.room_id as "RoomId", r.full_name as "RoomName", d.channel as "Channel",
          d.arrears_money::text as "ArrearsMoney", d.months as "Months", d.result as "Result",
          coalesce(u.name, '') as "CreatorName", ${time(sql`d.created_at`, tz)} as "CreateTime"
        from fee_dunning_logs d join rooms r on r.id = d.room_id left join users u on u.id = d.created_by
        where ${w} order by d.id desc limit ${limit} offset ${offset}`,
  );
  const [c] = await sqlRows<{ n: number }>(db, sql`select count(*)::int as n from fee_dunning_logs d where ${w}`);
  return new Page(
    rows.map((r) => ({ ...r, ChannelName: feeName(FEE_DUNNING_CHANNEL, r.Channel) })),
    c?.n ?? 0,
  );
}
