import { ATT_GROUP_KINDS, GroupSaveBody, WEEKDAY_NAMES, zId, zOptionalText } from '@linli/shared';
import { and, asc, eq, gte, ilike, inArray, ne, notInArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { audit } from '../../core/audit';
import { call, saveBtn } from '../../core/calls';
import { ApiError, fail, fieldError, notFound, RET } from '../../core/errors';
import { likeText } from '../../core/filters';
import { listWithCount } from '../../core/list-count';
import { pagingFields } from '../../core/paging';
import type { Tx } from '../../db/client';
import {
  attGroupMembers,
  attGroupShifts,
  attGroups,
  attPlaces,
  attRoster,
  attShifts,
  attWifis,
  users,
} from '../../db/schema';
import { assertStaff, codeName, todayOf } from './att-common';
import { recomputeOpenDays } from './att-recompute';

const ROLE = 'kqgl_kqsz';
const IdBody = z.object({ Id: zId() });

/** '周一至周五', '周一、周三、周六'. */
export function workDaysText(days: number[]): string {
  if (!days.length) return '';
  const run = days.every((d, i) => i === 0 || d === days[i - 1]! + 1);
  if (run && days.length >= 3) return `${WEEKDAY_NAMES[days[0]!]}至${WEEKDAY_NAMES[days[days.length - 1]!]}`;
  return days.map((d) => WEEKDAY_NAMES[d]).join('、');
}

const parseDays = (s: string) =>
  s
    .split(',')
    .filter(Boolean)
    .map(Number)
    .sort((a, b) => a - b);

const groupColumns = {
  Id: attGroups.id,
  Name: attGroups.name,
  Kind: attGroups.kind,
  ShiftId: attGroups.shiftId,
  WorkDays: attGroups.workDays,
  UseHolidays: attGroups.useHolidays,
  AllowOutside: attGroups.allowOutside,
  LeaderId: attGroups.leaderId,
  LeaderName: sql<string>`coalesce(${users.name}, '')`,
  MemberCount: sql<number>`(select count(*)::int from ${attGroupMembers} m where m.group_id = ${attGroups.id})`,
  PlaceCount: sql<number>`(select count(*)::int from ${attPlaces} p where p.group_id = ${attGroups.id})`,
  WifiCount: sql<number>`(select count(*)::int from ${attWifis} w where w.group_id = ${attGroups.id})`,
  ShiftNames: sql<string>`case when ${attGroups.kind} = 1 then coalesce((select s.name from ${attShifts} s where s.id = ${attGroups.shiftId}), '')
    else coalesce((select string_agg(s.name, '、' order by s.id) from ${attGroupShifts} gs join ${attShifts} s on s.id = gs.shift_id where gs.group_id = ${attGroups.id}), '') end`,
};

type GroupRow = { [K in keyof typeof groupColumns]: unknown } & {
  Kind: number;
  WorkDays: string;
  PlaceCount: number;
  WifiCount: number;
};

const groupView = <R extends GroupRow>(r: R) => {
  const days = parseDays(r.WorkDays);
  const ways = [r.PlaceCount ? `地点${r.PlaceCount}个` : '', r.WifiCount ? `WiFi${r.WifiCount}个` : ''].filter(Boolean);
  return {
    ...r,
    KindName: codeName(ATT_GROUP_KINDS, r.Kind),
    WorkDays: days,
    WorkDaysText: r.Kind === 1 ? workDaysText(days) : '按排班',
    PunchWays: ways.join('，'),
  };
};

const groupsOf = (db: Tx) =>
  db.select(groupColumns).from(attGroups).leftJoin(users, eq(users.id, attGroups.leaderId)).$dynamic();

async function oneGroup(db: Tx, cmpId: number, id: number) {
  const [g] = await groupsOf(db).where(and(eq(attGroups.id, id), eq(attGroups.cmpId, cmpId)));
  if (!g) throw notFound();
  return g;
}

/** 考勤设置 tab 考勤组 and the hidden editsetting screen. */
export const attGroupCalls = [
  call({
    path: '/Attendance/GroupList',
    role: ROLE,
    reads: true,
    body: z.object({ ...pagingFields, Keyword: zOptionalText(30, '关键字') }),
    handler: (b, { deps, auth }) => {
      const { db } = deps.database;
      const where = and(
        eq(attGroups.cmpId, auth.cmpId),
        b.Keyword ? ilike(attGroups.name, likeText(b.Keyword)) : undefined,
      );
      return listWithCount(db, b, {
        table: attGroups,
        where,
        rows: async (p) =>
          (await groupsOf(db).where(where).orderBy(asc(attGroups.id)).limit(p.limit).offset(p.offset)).map(groupView),
      });
    },
  }),
  call({
    path: '/Attendance/GroupGet',
    role: ROLE,
    reads: true,
    body: IdBody,
    handler: async (b, { deps, auth }) => {
      const { db } = deps.database;
      const g = groupView(await oneGroup(db, auth.cmpId, b.Id));
      const [members, shiftIds, places, wifis] = await Promise.all([
        db
          .select({ UserId: users.id, UserName: users.name })
          .from(attGroupMembers)
          .innerJoin(users, eq(users.id, attGroupMembers.userId))
          .where(and(eq(attGroupMembers.groupId, b.Id), eq(attGroupMembers.cmpId, auth.cmpId)))
          .orderBy(asc(users.id)),
        db
          .select({ id: attGroupShifts.shiftId })
          .from(attGroupShifts)
          .where(and(eq(attGroupShifts.groupId, b.Id), eq(attGroupShifts.cmpId, auth.cmpId)))
          .orderBy(asc(attGroupShifts.shiftId)),
        db
          .select({
            Name: attPlaces.name,
            Address: attPlaces.address,
            Lng: attPlaces.lng,
            Lat: attPlaces.lat,
            Radius: attPlaces.radius,
          })
          .from(attPlaces)
          .where(and(eq(attPlaces.groupId, b.Id), eq(attPlaces.cmpId, auth.cmpId)))
          .orderBy(asc(attPlaces.id)),
        db
          .select({ Ssid: attWifis.ssid, Bssid: attWifis.bssid })
          .from(attWifis)
          .where(and(eq(attWifis.groupId, b.Id), eq(attWifis.cmpId, auth.cmpId)))
          .orderBy(asc(attWifis.id)),
      ]);
      return {
        ...g,
        UserIds: members.map((m) => m.UserId),
        Members: members,
        ShiftIds: shiftIds.map((s) => s.id),
        Places: places.map((p) => ({ ...p, Lng: Number(p.Lng), Lat: Number(p.Lat) })),
        Wifis: wifis,
      };
    },
  }),
  call({
    path: '/Attendance/GroupSave',
    role: ROLE,
    btn: saveBtn,
    body: GroupSaveBody,
    okMsg: '保存成功',
    handler: async (b, { deps, auth, ip }) => {
      const { db } = deps.database;
      const now = deps.now();
      if (b.Id) await oneGroup(db, auth.cmpId, b.Id);
      const userIds = [...new Set(b.UserIds)];
      const names = await assertStaff(db, auth, userIds, 'UserIds');
      if (b.LeaderId) await assertStaff(db, auth, [b.LeaderId], 'LeaderId');
      const shiftIds = b.Kind === 1 ? [b.ShiftId!] : [...new Set(b.ShiftIds)];
      const found = await db
        .select({ id: attShifts.id })
        .from(attShifts)
        .where(and(eq(attShifts.cmpId, auth.cmpId), inArray(attShifts.id, shiftIds)));
      if (found.length !== shiftIds.length) throw fieldError(b.Kind === 1 ? 'ShiftId' : 'ShiftIds', '班次不存在');
      return db.transaction(async (tx) => {
        const [dup] = await tx
          .select({ id: attGroups.id })
          .from(attGroups)
          .where(
            and(eq(attGroups.cmpId, auth.cmpId), eq(attGroups.name, b.Name), b.Id ? ne(attGroups.id, b.Id) : undefined),
          );
        if (dup) throw fieldError('Name', '考勤组名称已存在');
        // A person belongs to one group: moving him is a choice the user confirms (ret 409, then MoveMembers).
        const elsewhere = await tx
          .select({ userId: attGroupMembers.userId, groupName: attGroups.name })
          .from(attGroupMembers)
          .innerJoin(attGroups, eq(attGroups.id, attGroupMembers.groupId))
          .where(
            and(
              eq(attGroupMembers.cmpId, auth.cmpId),
              inArray(attGroupMembers.userId, userIds),
              b.Id ? ne(attGroupMembers.groupId, b.Id) : undefined,
            ),
          )
          .orderBy(asc(attGroupMembers.userId));
        if (elsewhere.length && !b.MoveMembers) {
          const first = elsewhere[0]!;
          throw new ApiError(RET.CONFLICT, `${names.get(first.userId)}已在考勤组${first.groupName}，是否移入本组？`, {
            Users: elsewhere.map((e) => ({ UserId: e.userId, UserName: names.get(e.userId), GroupName: e.groupName })),
          });
        }
        const values = {
          name: b.Name,
          kind: b.Kind,
          shiftId: b.Kind === 1 ? b.ShiftId! : null,
          workDays: b.Kind === 1 ? [...new Set(b.WorkDays)].sort().join(',') : '',
          useHolidays: b.UseHolidays,
          allowOutside: b.AllowOutside,
          leaderId: b.LeaderId ?? null,
          updatedAt: now,
        };
        let id = b.Id;
        let before: number[] = [];
        if (id) {
          before = (
            await tx
              .select({ u: attGroupMembers.userId })
              .from(attGroupMembers)
              .where(and(eq(attGroupMembers.groupId, id), eq(attGroupMembers.cmpId, auth.cmpId)))
          ).map((r) => r.u);
          await tx
            .update(attGroups)
            .set(values)
            .where(and(eq(attGroups.id, id), eq(attGroups.cmpId, auth.cmpId)));
          for (const t of [attPlaces, attWifis, attGroupShifts])
            await tx.delete(t).where(and(eq(t.groupId, id), eq(t.cmpId, auth.cmpId)));
          await tx
            .delete(attGroupMembers)
            .where(
              and(
                eq(attGroupMembers.groupId, id),
                eq(attGroupMembers.cmpId, auth.cmpId),
                notInArray(attGroupMembers.userId, userIds),
              ),
            );
        } else {
          const [row] = await tx
            .insert(attGroups)
            .values({ ...values, cmpId: auth.cmpId, createdAt: now, createdBy: auth.userId })
            .returning({ id: attGroups.id });
          id = row!.id;
        }
        const gid = id;
        const stamp = { cmpId: auth.cmpId, groupId: gid, createdAt: now, updatedAt: now, createdBy: auth.userId };
        if (elsewhere.length)
          await tx.delete(attGroupMembers).where(
            and(
              eq(attGroupMembers.cmpId, auth.cmpId),
              inArray(
                attGroupMembers.userId,
                elsewhere.map((e) => e.userId),
              ),
            ),
          );
        await tx
          .insert(attGroupMembers)
          .values(userIds.map((userId) => ({ ...stamp, userId })))
          .onConflictDoNothing();
        if (b.Kind === 2) await tx.insert(attGroupShifts).values(shiftIds.map((shiftId) => ({ ...stamp, shiftId })));
        if (b.Places.length)
          await tx.insert(attPlaces).values(
            b.Places.map((p) => ({
              ...stamp,
              name: p.Name,
              address: p.Address,
              lng: String(p.Lng),
              lat: String(p.Lat),
              radius: p.Radius,
            })),
          );
        if (b.Wifis.length)
          await tx.insert(attWifis).values(b.Wifis.map((w) => ({ ...stamp, ssid: w.Ssid, bssid: w.Bssid })));
        const today = todayOf(now, auth.timeZone);
        // The future roster of someone who left, or of a shift no longer allowed, goes with it.
        await tx
          .delete(attRoster)
          .where(
            and(
              eq(attRoster.cmpId, auth.cmpId),
              eq(attRoster.groupId, gid),
              gte(attRoster.day, today),
              b.Kind === 2
                ? sql`(${notInArray(attRoster.userId, userIds)} or (${attRoster.shiftId} is not null and ${notInArray(attRoster.shiftId, shiftIds)}))`
                : undefined,
            ),
          );
        // Every day not yet final follows the new rules at once; final days keep theirs until 重新计算.
        await recomputeOpenDays(tx, auth.cmpId, auth.timeZone, [...new Set([...before, ...userIds])], now);
        await audit(
          tx,
          {
            cmpId: auth.cmpId,
            userId: auth.userId,
            action: `attGroup.${b.Id ? 'edit' : 'add'}`,
            entity: 'attGroup',
            entityId: gid,
            detail: { Name: b.Name, Members: userIds.length },
            ip,
          },
          now,
        );
        return { Id: gid };
      });
    },
  }),
  call({
    path: '/Attendance/GroupDel',
    role: ROLE,
    btn: 'del',
    body: IdBody,
    okMsg: '删除成功',
    handler: async (b, { deps, auth, ip }) => {
      const now = deps.now();
      await deps.database.db.transaction(async (tx) => {
        const g = await oneGroup(tx, auth.cmpId, b.Id);
        if (g.MemberCount > 0) throw fail('请先移除考勤组成员');
        for (const t of [attPlaces, attWifis, attGroupShifts, attRoster])
          await tx.delete(t).where(and(eq(t.groupId, b.Id), eq(t.cmpId, auth.cmpId)));
        await tx.delete(attGroups).where(and(eq(attGroups.id, b.Id), eq(attGroups.cmpId, auth.cmpId)));
        await audit(
          tx,
          { cmpId: auth.cmpId, userId: auth.userId, action: 'attGroup.del', entity: 'attGroup', entityId: b.Id, ip },
          now,
        );
      });
      return null;
    },
  }),
];
