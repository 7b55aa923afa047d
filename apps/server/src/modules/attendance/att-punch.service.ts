import {
  ATT_PUNCH_KINDS,
  ATT_PUNCH_STATES,
  type ClockInBody,
  isDateTime,
  type LeaveAddBody,
  type MakeUpBody,
  PUNCH_SOURCE,
} from '@linli/shared';
import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Auth } from '../../core/auth';
import { audit } from '../../core/audit';
import { addDays } from '../../core/dates';
import { fail, fieldError, notFound } from '../../core/errors';
import { assertOwnUploads } from '../../core/upload-refs';
import type { Tx } from '../../db/client';
import {
  attDays,
  attGroupMembers,
  attGroups,
  attLeaves,
  attPlaces,
  attPunchLogs,
  attWifis,
  companies,
  employeeArchives,
  users,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import { assertStaff, codeName, staffNames } from './att-common';
import { distanceMetres, localOf, midnightOf, windowsOf } from './att-judge';
import { daysAround, evaluateDays, planDays, recomputeDays } from './att-recompute';

type PunchValues = Omit<typeof attPunchLogs.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Stores a raw punch (a repeat of the same person and second is skipped: null) and recomputes its days at once. */
export async function recordPunch(tx: Tx, tz: string, p: PunchValues, now: Date): Promise<number | null> {
  const [row] = await tx
    .insert(attPunchLogs)
    .values({ ...p, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: attPunchLogs.id });
  if (!row) return null;
  const [from, to] = daysAround(p.punchTime, tz);
  await recomputeDays(tx, p.cmpId, tz, [p.userId], from, to, now);
  return row.id;
}

/** How a stored punch was judged: the day and kind it landed on, or none (outside every window). */
async function judged(tx: Tx, cmpId: number, punchId: number) {
  const [d] = await tx
    .select({
      day: attDays.day,
      onPunchId: attDays.onPunchId,
      onState: attDays.onState,
      offState: attDays.offState,
      late: attDays.lateMinutes,
      early: attDays.earlyMinutes,
    })
    .from(attDays)
    .where(and(eq(attDays.cmpId, cmpId), eq(attDays.onPunchId, punchId)))
    .union(
      tx
        .select({
          day: attDays.day,
          onPunchId: attDays.onPunchId,
          onState: attDays.onState,
          offState: attDays.offState,
          late: attDays.lateMinutes,
          early: attDays.earlyMinutes,
        })
        .from(attDays)
        .where(and(eq(attDays.cmpId, cmpId), eq(attDays.offPunchId, punchId))),
    );
  if (!d) return { Day: '', Kind: 0, KindName: '', State: 0, StateName: '', Minutes: 0 };
  const kind = d.onPunchId === punchId ? 1 : 2;
  const state = kind === 1 ? d.onState : d.offState;
  return {
    Day: d.day,
    Kind: kind,
    KindName: codeName(ATT_PUNCH_KINDS, kind),
    State: state,
    StateName: codeName(ATT_PUNCH_STATES, state),
    Minutes: kind === 1 ? d.late : d.early,
  };
}

/** ClockIn: the staff app's punch, checked against the group's places (haversine) and Wi-Fi. */
export async function clockIn(deps: AppDeps, auth: Auth, b: ClockInBody, ip: string) {
  const { db } = deps.database;
  const now = deps.now();
  const [g] = await db
    .select({ id: attGroups.id, allowOutside: attGroups.allowOutside })
    .from(attGroupMembers)
    .innerJoin(attGroups, eq(attGroups.id, attGroupMembers.groupId))
    .where(and(eq(attGroupMembers.userId, auth.userId), eq(attGroupMembers.cmpId, auth.cmpId)));
  if (!g) throw fail('您未加入考勤组，无需打卡');
  const [places, wifis] = await Promise.all([
    db
      .select()
      .from(attPlaces)
      .where(and(eq(attPlaces.groupId, g.id), eq(attPlaces.cmpId, auth.cmpId))),
    db
      .select()
      .from(attWifis)
      .where(and(eq(attWifis.groupId, g.id), eq(attWifis.cmpId, auth.cmpId))),
  ]);
  const place =
    b.Lng !== undefined && b.Lat !== undefined
      ? places.find((p) => distanceMetres(b.Lat!, b.Lng!, Number(p.lat), Number(p.lng)) <= p.radius)
      : undefined;
  // A listed BSSID must match exactly; a Wi-Fi listed by name alone matches its SSID.
  const wifi = wifis.find((w) => (w.bssid ? w.bssid === b.Bssid : !!b.Ssid && w.ssid === b.Ssid));
  const outside = !place && !wifi;
  if (outside && !g.allowOutside) throw fail('不在考勤范围内');
  if (outside && (!b.PhotoPath || !b.Remark)) throw fail('外勤打卡需拍照并填写备注');
  return db.transaction(async (tx) => {
    await assertOwnUploads(tx, auth, { name: 'PhotoPath', label: '照片' }, [b.PhotoPath]);
    const id = await recordPunch(
      tx,
      auth.timeZone,
      {
        cmpId: auth.cmpId,
        userId: auth.userId,
        punchTime: now,
        source: PUNCH_SOURCE.APP,
        lng: b.Lng === undefined ? null : String(b.Lng),
        lat: b.Lat === undefined ? null : String(b.Lat),
        ssid: b.Ssid,
        bssid: b.Bssid,
        placeName: place?.name ?? (wifi ? `WiFi ${wifi.ssid}` : '外勤'),
        outside,
        photoPath: b.PhotoPath,
        remark: b.Remark,
        createdBy: auth.userId,
      },
      now,
    );
    if (!id) throw fail('打卡过于频繁，请稍后再试');
    await audit(
      tx,
      { cmpId: auth.cmpId, userId: auth.userId, action: 'attPunch.clockin', entity: 'attPunch', entityId: id, ip },
      now,
    );
    return {
      Id: id,
      PunchTime: localOf(now, auth.timeZone).format('YYYY-MM-DD HH:mm:ss'),
      Outside: outside,
      PlaceName: place?.name ?? (wifi ? wifi.ssid : ''),
      ...(await judged(tx, auth.cmpId, id)),
    };
  });
}

/** A 考勤机 punch: the device's company is the tenant; the person is found by 工号. */
export async function devicePunch(
  deps: AppDeps,
  device: { cmpId: number; deviceSn: string },
  b: { JobNo: string; PunchTime?: string | undefined },
) {
  const { db } = deps.database;
  const now = deps.now();
  const [cmp] = await db.select({ tz: companies.timeZone }).from(companies).where(eq(companies.id, device.cmpId));
  const tz = cmp?.tz ?? 'Asia/Shanghai';
  const userId = await userByJobNo(db, device.cmpId, b.JobNo);
  if (!userId) throw fieldError('JobNo', '工号不存在');
  const at = b.PunchTime ? new Date(midnightOf(b.PunchTime.slice(0, 10), tz) + secondsOfDay(b.PunchTime) * 1000) : now;
  if (at.getTime() > now.getTime() + 5 * 60_000) throw fieldError('PunchTime', '打卡时间不能晚于当前时间');
  return db.transaction(async (tx) => {
    const id = await recordPunch(
      tx,
      tz,
      { cmpId: device.cmpId, userId, punchTime: at, source: PUNCH_SOURCE.DEVICE, deviceSn: device.deviceSn },
      now,
    );
    return { Id: id ?? 0, Repeated: id === null };
  });
}

const secondsOfDay = (t: string) =>
  Number(t.slice(11, 13)) * 3600 + Number(t.slice(14, 16)) * 60 + Number(t.slice(17, 19) || 0);

async function userByJobNo(db: Tx, cmpId: number, jobNo: string): Promise<number | undefined> {
  const [u] = await db
    .select({ id: users.id })
    .from(employeeArchives)
    .innerJoin(users, eq(users.id, employeeArchives.userId))
    .where(and(eq(employeeArchives.cmpId, cmpId), eq(employeeArchives.employeeNo, jobNo), eq(users.isDel, false)));
  return u?.id;
}

/** 补卡: a raw punch marked MakeUp, judged like any punch at that time; it must fall in that Kind's window. */
export async function makeUp(deps: AppDeps, auth: Auth, b: MakeUpBody, ip: string) {
  const { db } = deps.database;
  const now = deps.now();
  await assertStaff(db, auth, [b.UserId]);
  const [plan] = await planDays(db, auth.cmpId, [b.UserId], b.Day, b.Day);
  if (!plan) throw fieldError('Day', '该员工当天无需打卡');
  const w = windowsOf(plan.shift, b.Day, auth.timeZone);
  // Time is on Day; a 跨天 shift's 下班 is on the next day.
  const onDay = b.Kind === 2 && w.crossDay ? addDays(b.Day, 1) : b.Day;
  const at = midnightOf(onDay, auth.timeZone) + secondsOfDay(`${onDay} ${b.Time}`) * 1000;
  const win = b.Kind === 1 ? w.on : w.off;
  const inside = b.Kind === 1 ? at >= win.from && at < win.to : at >= win.from && at <= win.to;
  if (!inside) throw fieldError('Time', '补卡时间不在打卡时段内');
  if (at > now.getTime()) throw fieldError('Time', '补卡时间不能晚于当前时间');
  return db.transaction(async (tx) => {
    const id = await recordPunch(
      tx,
      auth.timeZone,
      {
        cmpId: auth.cmpId,
        userId: b.UserId,
        punchTime: new Date(at),
        source: PUNCH_SOURCE.MAKEUP,
        makeUp: true,
        kind: b.Kind,
        reason: b.Reason,
        createdBy: auth.userId,
      },
      now,
    );
    if (!id) throw fieldError('Time', '该时间已有打卡记录');
    await audit(
      tx,
      {
        cmpId: auth.cmpId,
        userId: auth.userId,
        action: 'attPunch.makeup',
        entity: 'attPunch',
        entityId: id,
        detail: { UserId: b.UserId, Day: b.Day, Kind: b.Kind, Time: b.Time },
        ip,
      },
      now,
    );
    return { Id: id };
  });
}

/** Deletes a 补卡 (only a 补卡: raw punches are never edited) and recomputes its days. */
export async function makeUpDel(deps: AppDeps, auth: Auth, id: number, ip: string) {
  const now = deps.now();
  await deps.database.db.transaction(async (tx) => {
    const [p] = await tx
      .select({ userId: attPunchLogs.userId, at: attPunchLogs.punchTime, makeUp: attPunchLogs.makeUp })
      .from(attPunchLogs)
      .where(and(eq(attPunchLogs.id, id), eq(attPunchLogs.cmpId, auth.cmpId)));
    if (!p || !(await staffVisible(tx, auth, p.userId))) throw notFound();
    if (!p.makeUp) throw fail('只能删除补卡记录');
    await tx.delete(attPunchLogs).where(and(eq(attPunchLogs.id, id), eq(attPunchLogs.cmpId, auth.cmpId)));
    const [from, to] = daysAround(p.at, auth.timeZone);
    await recomputeDays(tx, auth.cmpId, auth.timeZone, [p.userId], from, to, now);
    await audit(
      tx,
      { cmpId: auth.cmpId, userId: auth.userId, action: 'attPunch.makeupDel', entity: 'attPunch', entityId: id, ip },
      now,
    );
  });
  return null;
}

const staffVisible = async (tx: Tx, auth: Auth, userId: number) => (await staffNames(tx, auth, [userId])).has(userId);

interface ImportRow {
  JobNo?: unknown;
  UserId?: unknown;
  PunchTime?: unknown;
  DeviceSn?: unknown;
}

/**
 * ImportPunch: good rows are saved (Source 4, no place check), bad rows answered with their row number and reason,
 * a repeated (person, time) skipped; each touched day is recomputed.
 */
export async function importPunches(deps: AppDeps, auth: Auth, rows: ImportRow[], firstRow: number, ip: string) {
  const { db } = deps.database;
  const now = deps.now();
  const tz = auth.timeZone;
  const errors: { Row: number; Msg: string }[] = [];
  const good: { userId: number; at: Date; sn: string }[] = [];
  const jobNos = [...new Set(rows.map((r) => String(r.JobNo ?? '').trim()).filter(Boolean))];
  const byJobNo = new Map<string, number>();
  if (jobNos.length) {
    const found = await db
      .select({ no: employeeArchives.employeeNo, id: users.id })
      .from(employeeArchives)
      .innerJoin(users, eq(users.id, employeeArchives.userId))
      .where(
        and(
          eq(employeeArchives.cmpId, auth.cmpId),
          inArray(employeeArchives.employeeNo, jobNos),
          eq(users.isDel, false),
        ),
      );
    for (const f of found) byJobNo.set(f.no, f.id);
  }
  const ids = [
    ...new Set([
      ...byJobNo.values(),
      ...rows.map((r) => Number(r.UserId)).filter((n) => Number.isSafeInteger(n) && n > 0),
    ]),
  ];
  const visible = await staffNames(db, auth, ids);
  rows.forEach((r, i) => {
    const rowNo = firstRow + i;
    const jobNo = String(r.JobNo ?? '').trim();
    const userId = jobNo ? byJobNo.get(jobNo) : Number(r.UserId);
    if (!jobNo && !r.UserId) return errors.push({ Row: rowNo, Msg: '请填写工号' });
    if (!userId || !visible.has(userId))
      return errors.push({ Row: rowNo, Msg: jobNo ? `工号${jobNo}不存在` : '员工不存在' });
    const t = String(r.PunchTime ?? '')
      .trim()
      .replace('T', ' ')
      .replaceAll('/', '-');
    if (!t) return errors.push({ Row: rowNo, Msg: '请填写打卡时间' });
    if (!isDateTime(t)) return errors.push({ Row: rowNo, Msg: '打卡时间格式不正确' });
    const at = new Date(midnightOf(t.slice(0, 10), tz) + secondsOfDay(t) * 1000);
    if (at.getTime() > now.getTime()) return errors.push({ Row: rowNo, Msg: '打卡时间不能晚于当前时间' });
    const sn = String(r.DeviceSn ?? '')
      .trim()
      .slice(0, 50);
    good.push({ userId, at, sn });
  });
  let imported = 0;
  if (good.length) {
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(attPunchLogs)
        .values(
          good.map((g) => ({
            cmpId: auth.cmpId,
            userId: g.userId,
            punchTime: g.at,
            source: PUNCH_SOURCE.IMPORT,
            deviceSn: g.sn,
            createdAt: now,
            updatedAt: now,
            createdBy: auth.userId,
          })),
        )
        .onConflictDoNothing()
        .returning({ userId: attPunchLogs.userId, at: attPunchLogs.punchTime });
      imported = inserted.length;
      // One recompute per person over the span his punches touch.
      const spans = new Map<number, [string, string]>();
      for (const p of inserted) {
        const [from, to] = daysAround(p.at, tz);
        const s = spans.get(p.userId);
        spans.set(p.userId, s ? [from < s[0] ? from : s[0], to > s[1] ? to : s[1]] : [from, to]);
      }
      for (const [userId, [from, to]] of spans) await recomputeDays(tx, auth.cmpId, tz, [userId], from, to, now);
      await audit(
        tx,
        {
          cmpId: auth.cmpId,
          userId: auth.userId,
          action: 'attPunch.import',
          entity: 'attPunch',
          detail: { Total: rows.length, Imported: imported },
          ip,
        },
        now,
      );
    });
  }
  return { Total: rows.length, Imported: imported, Skipped: good.length - imported, Errors: errors };
}

/** 请假登记: refused when it overlaps another leave of the person; the covered days are recomputed. */
export async function leaveAdd(deps: AppDeps, auth: Auth, b: LeaveAddBody, ip: string) {
  const { db } = deps.database;
  const now = deps.now();
  const tz = auth.timeZone;
  await assertStaff(db, auth, [b.UserId]);
  const toMs = (t: string) => midnightOf(t.slice(0, 10), tz) + secondsOfDay(t) * 1000;
  const from = new Date(toMs(b.StartTime));
  const to = new Date(toMs(b.EndTime));
  return db.transaction(async (tx) => {
    const [clash] = await tx
      .select({ id: attLeaves.id })
      .from(attLeaves)
      .where(
        and(
          eq(attLeaves.cmpId, auth.cmpId),
          eq(attLeaves.userId, b.UserId),
          lt(attLeaves.startTime, to),
          gt(attLeaves.endTime, from),
        ),
      );
    if (clash) throw fieldError('StartTime', '该时段已有请假记录');
    // Hours are the leave's hours within the person's shifts (what the days count), planned over the covered days.
    const firstDay = addDays(b.StartTime.slice(0, 10), -1);
    const lastDay = b.EndTime.slice(0, 10);
    const plans = await planDays(tx, auth.cmpId, [b.UserId], firstDay, lastDay);
    const [row] = await tx
      .insert(attLeaves)
      .values({
        cmpId: auth.cmpId,
        userId: b.UserId,
        kind: b.Kind,
        startTime: from,
        endTime: to,
        reason: b.Reason,
        createdAt: now,
        updatedAt: now,
        createdBy: auth.userId,
      })
      .returning({ id: attLeaves.id });
    const days = await evaluateDays(tx, auth.cmpId, tz, plans, now.getTime());
    const hours =
      days.reduce((sum, d) => sum + (d.leaveDetail[b.Kind] ?? 0) * windowsOf(d.shift, d.day, tz).workMinutes, 0) / 60;
    await tx
      .update(attLeaves)
      .set({ hours: hours.toFixed(2) })
      .where(and(eq(attLeaves.id, row!.id), eq(attLeaves.cmpId, auth.cmpId)));
    await recomputeDays(tx, auth.cmpId, tz, [b.UserId], firstDay, lastDay, now);
    await audit(
      tx,
      {
        cmpId: auth.cmpId,
        userId: auth.userId,
        action: 'attLeave.add',
        entity: 'attLeave',
        entityId: row!.id,
        detail: { UserId: b.UserId, Kind: b.Kind },
        ip,
      },
      now,
    );
    return { Id: row!.id };
  });
}

export async function leaveDel(deps: AppDeps, auth: Auth, id: number, ip: string) {
  const now = deps.now();
  const tz = auth.timeZone;
  await deps.database.db.transaction(async (tx) => {
    const [l] = await tx
      .select({ userId: attLeaves.userId, from: attLeaves.startTime, to: attLeaves.endTime })
      .from(attLeaves)
      .where(and(eq(attLeaves.id, id), eq(attLeaves.cmpId, auth.cmpId)));
    if (!l || !(await staffVisible(tx, auth, l.userId))) throw notFound();
    await tx.delete(attLeaves).where(and(eq(attLeaves.id, id), eq(attLeaves.cmpId, auth.cmpId)));
    await recomputeDays(tx, auth.cmpId, tz, [l.userId], daysAround(l.from, tz)[0], daysAround(l.to, tz)[1], now);
    await audit(
      tx,
      { cmpId: auth.cmpId, userId: auth.userId, action: 'attLeave.del', entity: 'attLeave', entityId: id, ip },
      now,
    );
  });
  return null;
}
