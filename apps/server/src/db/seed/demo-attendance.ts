import { and, eq, inArray } from 'drizzle-orm';
import { addDays, weekdayOf } from '../../core/dates';
import { midnightOf } from '../../modules/attendance/att-judge';
import { ensureHolidays } from '../../modules/attendance/att-holidays';
import { recomputeDays } from '../../modules/attendance/att-recompute';
import type { Tx } from '../client';
import {
  attGroupMembers,
  attGroupShifts,
  attGroups,
  attHolidays,
  attLeaves,
  attPlaces,
  attPunchLogs,
  attRoster,
  attShifts,
  attWifis,
  users,
} from '../schema';

/** The office the demo's 行政考勤组 punches at (阳光花园 物业中心) and its Wi-Fi. */
export const DEMO_OFFICE = { lng: 120.15507, lat: 30.274085, ssid: 'Linli-Office', bssid: 'a4:56:02:11:22:33' };
const OFFICE_STAFF = ['cashier', 'service', 'kefu1', 'weixiu1', 'weixiu2', 'gongcheng1', 'xmjl1'];
const GUARDS = ['baoan1', 'baoan2'];
const TZ = 'Asia/Shanghai';

/** A stable pseudo-random number in [0, 1) per person and day, so the demo is the same on every build. */
const rand = (a: number, b: string, salt = 0) => {
  let h = 2166136261 ^ (a * 31 + salt);
  for (const ch of b) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return ((h >>> 0) % 10_000) / 10_000;
};

/**
 * sms-attendance.md demo data: 行政班 / 保安早班 / 保安夜班, 行政考勤组 (固定, Mon–Fri, office 300 m + Wi-Fi) and
 * 保安排班组 (rostered), this year's holidays, last month and this month of punches up to now (mostly 正常,
 * some 迟到/早退/缺卡/外勤 and an absent day), 3 leaves and 2 补卡; the days are then computed.
 */
export async function seedDemoAttendance(tx: Tx, cmpId: number, now: Date, today: string) {
  const stamp = { cmpId, createdAt: now, updatedAt: now };
  const [office, early, night] = await tx
    .insert(attShifts)
    .values([
      { ...stamp, name: '行政班', workStart: '09:00', workEnd: '18:00', restStart: '12:00', restEnd: '13:00' },
      { ...stamp, name: '保安早班', workStart: '07:00', workEnd: '19:00', lateGrace: 3 },
      { ...stamp, name: '保安夜班', workStart: '19:00', workEnd: '07:00', crossDay: true, lateGrace: 3 },
    ])
    .returning({ id: attShifts.id });
  const people = new Map(
    (
      await tx
        .select({ id: users.id, account: users.account })
        .from(users)
        .where(and(eq(users.cmpId, cmpId), inArray(users.account, [...OFFICE_STAFF, ...GUARDS, 'xmjl1', 'admin'])))
    ).map((u) => [u.account, u.id]),
  );
  const idOf = (a: string) => people.get(a)!;
  const [adminGroup, guardGroup] = await tx
    .insert(attGroups)
    .values([
      {
        ...stamp,
        name: '行政考勤组',
        kind: 1,
        shiftId: office!.id,
        workDays: '1,2,3,4,5',
        allowOutside: true,
        leaderId: idOf('xmjl1'),
      },
      { ...stamp, name: '保安排班组', kind: 2, allowOutside: false, leaderId: idOf('xmjl1') },
    ])
    .returning({ id: attGroups.id });
  await tx
    .insert(attGroupShifts)
    .values([early!.id, night!.id].map((shiftId) => ({ ...stamp, groupId: guardGroup!.id, shiftId })));
  await tx
    .insert(attGroupMembers)
    .values([
      ...OFFICE_STAFF.map((a) => ({ ...stamp, groupId: adminGroup!.id, userId: idOf(a) })),
      ...GUARDS.map((a) => ({ ...stamp, groupId: guardGroup!.id, userId: idOf(a) })),
    ]);
  await tx.insert(attPlaces).values([
    {
      ...stamp,
      groupId: adminGroup!.id,
      name: '阳光花园物业中心',
      address: '杭州市西湖区文三路100号',
      lng: String(DEMO_OFFICE.lng),
      lat: String(DEMO_OFFICE.lat),
      radius: 300,
    },
    {
      ...stamp,
      groupId: guardGroup!.id,
      name: '阳光花园南门岗亭',
      address: '杭州市西湖区文三路100号南门',
      lng: '120.155900',
      lat: '30.272900',
      radius: 200,
    },
  ]);
  await tx
    .insert(attWifis)
    .values({ ...stamp, groupId: adminGroup!.id, ssid: DEMO_OFFICE.ssid, bssid: DEMO_OFFICE.bssid });

  // The holidays of the years the demo's two months span (this year's official list; other years the fixed dates).
  const from = `${addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7)}-01`;
  for (const y of new Set([from.slice(0, 4), today.slice(0, 4)])) await ensureHolidays(tx, cmpId, y, now);
  const holidays = new Map(
    (await tx.select().from(attHolidays).where(eq(attHolidays.cmpId, cmpId))).map((h) => [h.day, h.kind]),
  );

  // Last month's first day to the end of this month for the roster; punches up to now (today's so far).
  const monthEnd = addDays(`${addDays(`${today.slice(0, 7)}-28`, 7).slice(0, 7)}-01`, -1);
  const rotation = [early!.id, early!.id, night!.id, night!.id, null, null];
  const roster: (typeof attRoster.$inferInsert)[] = [];
  for (let d = from, i = 0; d <= monthEnd; d = addDays(d, 1), i++)
    GUARDS.forEach((a, g) =>
      roster.push({
        ...stamp,
        groupId: guardGroup!.id,
        userId: idOf(a),
        day: d,
        shiftId: rotation[(i + g * 3) % 6] ?? null,
      }),
    );
  await tx.insert(attRoster).values(roster);

  const at = (day: string, minutes: number) => new Date(midnightOf(day, TZ) + minutes * 60_000);
  const workdays: string[] = [];
  for (let d = from; d < `${today.slice(0, 7)}-01`; d = addDays(d, 1))
    if (weekdayOf(d) <= 5 && !holidays.has(d)) workdays.push(d);
  const pick = (i: number) => workdays[Math.min(i, workdays.length - 1)]!;
  // One 旷工 day, and two forgotten 下班 punches made up by 补卡 18:05.
  const absent = `${idOf('weixiu1')}|${pick(7)}`;
  const makeUps = [
    { userId: idOf('service'), day: pick(2) },
    { userId: idOf('gongcheng1'), day: pick(11) },
  ];
  const punches: (typeof attPunchLogs.$inferInsert)[] = [];
  const office_ = { ...stamp, source: 2, deviceSn: 'KQ-0001', placeName: '阳光花园物业中心' };
  for (let d = from; d <= today; d = addDays(d, 1)) {
    const holiday = holidays.get(d);
    const workday = holiday ? holiday === 2 : weekdayOf(d) <= 5;
    if (workday)
      OFFICE_STAFF.forEach((a) => {
        const userId = idOf(a);
        const r = rand(userId, d);
        if (`${userId}|${d}` === absent) return;
        const outside = r > 0.97;
        const onMin =
          r < 0.08 ? 540 + 7 + Math.floor(rand(userId, d, 1) * 30) : 525 + Math.floor(rand(userId, d, 2) * 19);
        punches.push({ ...office_, userId, punchTime: at(d, onMin) });
        // No 下班 punch: 缺卡 (two of them made up below).
        if ((r > 0.08 && r < 0.11) || makeUps.some((m) => m.userId === userId && m.day === d)) return;
        const offMin =
          r > 0.11 && r < 0.15
            ? 1080 - 10 - Math.floor(rand(userId, d, 3) * 30)
            : 1080 + Math.floor(rand(userId, d, 4) * 40);
        punches.push(
          outside
            ? {
                ...stamp,
                userId,
                source: 1,
                punchTime: at(d, offMin),
                outside: true,
                placeName: '外勤',
                remark: '业主家上门维修',
                lng: '120.180000',
                lat: '30.290000',
              }
            : { ...office_, userId, punchTime: at(d, offMin) },
        );
      });
    GUARDS.forEach((a) => {
      const userId = idOf(a);
      const cell = roster.find((x) => x.userId === userId && x.day === d);
      if (!cell?.shiftId) return;
      const r = rand(userId, d, 9);
      const start = cell.shiftId === early!.id ? 420 : 1140;
      const onMin =
        r < 0.1 ? start + 5 + Math.floor(rand(userId, d, 5) * 20) : start - 15 + Math.floor(rand(userId, d, 6) * 16);
      const gate = { ...stamp, source: 2, deviceSn: 'KQ-0002', placeName: '阳光花园南门岗亭', userId };
      punches.push({ ...gate, punchTime: at(d, onMin) });
      if (r > 0.95) return;
      // A 夜班's 下班 is the next morning; it is only recorded once that morning has passed.
      const offDay = cell.shiftId === night!.id ? addDays(d, 1) : d;
      const offMin = (cell.shiftId === early!.id ? 1140 : 420) + Math.floor(rand(userId, d, 7) * 15);
      punches.push({ ...gate, punchTime: at(offDay, offMin) });
    });
  }
  for (const m of makeUps)
    punches.push({
      ...stamp,
      userId: m.userId,
      source: 3,
      makeUp: true,
      kind: 2,
      reason: '忘记打下班卡',
      punchTime: at(m.day, 1085),
      createdBy: idOf('xmjl1'),
    });
  // Only what has happened: today's 下班 (and a 夜班's next-morning one) come when their time has come.
  const happened = punches.filter((p) => (p.punchTime as Date) <= now);
  for (let i = 0; i < happened.length; i += 500)
    await tx
      .insert(attPunchLogs)
      .values(happened.slice(i, i + 500))
      .onConflictDoNothing();

  // 3 leaves on last month's working days: a full-day 事假, a morning's 病假 and two days of 年假.
  const leave = (
    account: string,
    kind: number,
    fromDay: string,
    fromMin: number,
    toDay: string,
    toMin: number,
    reason: string,
  ) => ({
    ...stamp,
    userId: idOf(account),
    kind,
    startTime: at(fromDay, fromMin),
    endTime: at(toDay, toMin),
    reason,
    createdBy: idOf('xmjl1'),
  });
  const leaves = [
    { ...leave('kefu1', 1, pick(4), 540, pick(4), 1080, '家中有事'), hours: '8.00' },
    { ...leave('weixiu2', 2, pick(9), 540, pick(9), 720, '看病'), hours: '3.00' },
    { ...leave('cashier', 3, pick(14), 540, pick(15), 1080, '年假'), hours: '16.00' },
  ];
  await tx.insert(attLeaves).values(leaves);
  // Leave days carry no punches.
  for (const l of leaves) {
    const times = punches
      .filter(
        (p) =>
          p.userId === l.userId &&
          p.punchTime >= l.startTime &&
          p.punchTime <= new Date(l.endTime.getTime() + 3 * 3600_000),
      )
      .map((p) => p.punchTime);
    if (times.length)
      await tx
        .delete(attPunchLogs)
        .where(
          and(eq(attPunchLogs.cmpId, cmpId), eq(attPunchLogs.userId, l.userId), inArray(attPunchLogs.punchTime, times)),
        );
  }
  await recomputeDays(tx, cmpId, TZ, null, from, today, now);
}
