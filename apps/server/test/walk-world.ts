import { allRoleKeys, buttonKeys } from '@linli/shared';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../src/core/passwords';
import { sqlRows } from '../src/core/sql-rows';
import { positionRights, positions, userCommunities, userPositions, users } from '../src/db/schema';
import { createCompany } from '../src/db/seed/create-company';
import { changesSince, mark } from './change-log';
import type { TestApp } from './harness';

/**
 * The people and rows the call walks use, on the demo company A: real ids of 阳光花园 rows, a second company B
 * (create-company) with its administrator, and three staff of A made for the walk — one whose position holds no
 * screen, one holding every screen without a button, one holding everything but serving only 翠湖天地.
 */
export interface World {
  tokens: { admin: string; other: string; noRole: string; noButton: string; scoped: string };
  ids: Ids;
  /** Strings only company A's data contains (names, phone prefix). */
  companyMarkers: string[];
  /** Strings only 阳光花园's rows contain: the walk's rows lie there, the scoped user serves 翠湖天地. */
  sunnyMarkers: string[];
  /** A resident living only in 阳光花园: searches and duplicate checks ask for him. */
  probe: { name: string; mobile: string; idNo: string };
}

type Ids = Record<
  | 'community'
  | 'building'
  | 'unit'
  | 'room'
  | 'resident'
  | 'meter'
  | 'face'
  | 'appointment'
  | 'registration'
  | 'tag'
  | 'position'
  | 'staff'
  | 'department'
  | 'archive'
  | 'message'
  | 'lane',
  number
>;

const PASSWORD = 'Walk2026x';

export async function buildWorld(t: TestApp): Promise<World> {
  const one = async (q: ReturnType<typeof sql>) => {
    const [r] = await sqlRows<{ id: number }>(t.db, q);
    return Number(r?.id ?? 0);
  };
  const [cmp] = await sqlRows<{ id: number }>(t.db, sql`select cmp_id as id from users where account = 'admin'`);
  const cmpId = Number(cmp!.id);
  const community = await one(sql`select id from communities where name = '阳光花园'`);
  const cuihu = await one(sql`select id from communities where name = '翠湖天地'`);
  const link = (
    await sqlRows<{ room: number; resident: number }>(
      t.db,
      sql`select room_id as room, resident_id as resident from resident_rooms
        where community_id = ${community} and move_out_date is null order by id limit 1`,
    )
  )[0]!;
  const room = Number(link.room);
  const ids: Ids = {
    community,
    building: await one(sql`select building_id as id from rooms where id = ${room}`),
    unit: await one(sql`select unit_id as id from rooms where id = ${room}`),
    room,
    resident: Number(link.resident),
    meter: await one(sql`select id from meters where community_id = ${community} order by id limit 1`),
    face: await one(sql`select f.id from face_images f join resident_rooms rr on rr.resident_id = f.resident_id
      where rr.community_id = ${community} order by f.id limit 1`),
    appointment: await one(sql`select id from handover_appointments where community_id = ${community} limit 1`),
    registration: await one(sql`select id from registrations where community_id = ${community} limit 1`),
    tag: await one(sql`select id from resident_tags where cmp_id = ${cmpId} order by id limit 1`),
    position: await one(sql`select id from positions where cmp_id = ${cmpId} and name = '收费员'`),
    staff: await one(sql`select id from users where account = 'kefu1'`),
    department: await one(sql`select id from departments where cmp_id = ${cmpId} and name = '工程部'`),
    archive: await one(sql`select id from employee_archives where cmp_id = ${cmpId} order by id limit 1`),
    message: await one(sql`select m.id from sys_messages m join users u on u.id = m.user_id
      where u.account = 'admin' order by m.id limit 1`),
    lane: await one(sql`select id from lanes where community_id = ${community} order by id limit 1`),
  };

  const residentNames = await sqlRows<{ name: string; mobile: string; id_no: string }>(
    t.db,
    sql`select distinct e.name, e.mobile, e.id_no from residents e join resident_rooms rr on rr.resident_id = e.id
      where rr.community_id = ${community} and length(e.name) >= 2
        and not exists (select 1 from resident_rooms o where o.resident_id = e.id and o.community_id <> ${community})
      limit 10`,
  );

  await createCompany(t.db, { name: '别家物业', account: 'walkother', password: PASSWORD });
  const noRole = await staffWith(t, cmpId, 'walknorole', [], []);
  const everyScreen = allRoleKeys.map((k) => ({ roleKey: k, btn: '' }));
  const noButton = await staffWith(t, cmpId, 'walknobtn', everyScreen, []);
  const everything = allRoleKeys.map((k) => ({ roleKey: k, btn: (buttonKeys[k] ?? []).map((b) => b.key).join(',') }));
  const scoped = await staffWith(t, cmpId, 'walkscoped', everything, [cuihu]);

  return {
    tokens: {
      admin: await t.login('admin', 'Admin@123'),
      other: await t.login('walkother', PASSWORD),
      noRole: await t.login(noRole, PASSWORD),
      noButton: await t.login(noButton, PASSWORD),
      scoped: await t.login(scoped, PASSWORD),
    },
    ids,
    companyMarkers: ['邻里物业', '阳光花园', '翠湖天地', '陈收银', '13800000', ...residentNames.map((r) => r.name)],
    sunnyMarkers: ['阳光花园', ...residentNames.map((r) => r.name)],
    probe: {
      name: residentNames[0]?.name ?? '',
      mobile: residentNames[0]?.mobile ?? '',
      idNo: residentNames[0]?.id_no ?? '',
    },
  };
}

/** A staff member of company A holding one fresh position with these rights (no communities = all of them). */
async function staffWith(
  t: TestApp,
  cmpId: number,
  account: string,
  rights: { roleKey: string; btn: string }[],
  communityIds: number[],
): Promise<string> {
  const [p] = await t.db
    .insert(positions)
    .values({ cmpId, name: `${account}岗`, remark: '' })
    .returning({ id: positions.id });
  if (rights.length) await t.db.insert(positionRights).values(rights.map((r) => ({ positionId: p!.id, ...r })));
  const [u] = await t.db
    .insert(users)
    .values({
      cmpId,
      account,
      name: account,
      pwdHash: await hashPassword(PASSWORD),
      allCommunity: communityIds.length === 0,
    })
    .returning({ id: users.id });
  await t.db.insert(userPositions).values({ userId: u!.id, positionId: p!.id });
  if (communityIds.length)
    await t.db.insert(userCommunities).values(communityIds.map((communityId) => ({ userId: u!.id, communityId })));
  return account;
}

/** Which row an `Id` names, by the call's controller. */
const ID_BY_CONTROLLER: [RegExp, keyof Ids][] = [
  [/^\/Community\//, 'community'],
  [/^\/Building\//, 'building'],
  [/^\/Room\//, 'room'],
  [/^\/Meter\//, 'meter'],
  [/^\/Handover\//, 'appointment'],
  [/^\/Resident\//, 'resident'],
  [/^\/ResidentTag\//, 'tag'],
  [/^\/Registration\//, 'registration'],
  [/^\/Face\//, 'face'],
  [/^\/Position\//, 'position'],
  [/^\/Archives\//, 'archive'],
  [/^\/user\/(GetDepartment|Department)/, 'department'],
  [/^\/user\/Staff/, 'staff'],
  [/^\/SysMessage\//, 'message'],
];

/** A body naming real rows of company A in 阳光花园, for every id field the calls read, plus plausible values. */
export function bodyFor(path: string, world: Pick<World, 'ids' | 'probe'>): Record<string, unknown> {
  const { ids, probe } = world;
  const key = ID_BY_CONTROLLER.find(([re]) => re.test(path))?.[1] ?? 'room';
  const id = ids[key];
  return {
    Id: id,
    Ids: [id],
    CommunityId: ids.community,
    BuildingId: ids.building,
    UnitId: ids.unit,
    RoomId: ids.room,
    RoomIds: [ids.room],
    ResidentId: ids.resident,
    MeterId: ids.meter,
    FaceId: ids.face,
    FaceIds: [ids.face],
    LaneId: ids.lane,
    TagIds: [ids.tag],
    DptId: ids.department,
    PositionId: ids.position,
    ImportId: 1,
    AppUserId: 1,
    Keyword: probe.name,
    Mobile: probe.mobile,
    IdNo: probe.idNo,
    Reading: '1',
    Reason: '走查',
    Name: '走查',
    Status: 1,
    State: 0,
  };
}

/** One call through the app as the web would send it; files (exports) answer ret 0 and no JSON. */
export async function send(t: TestApp, path: string, body: Record<string, unknown>, token?: string) {
  const form = new URLSearchParams(
    Object.entries(body).map(([k, v]): [string, string] => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]),
  ).toString();
  const res = await t.app.inject({
    method: 'POST',
    url: `/api${path}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: form,
  });
  const json = String(res.headers['content-type'] ?? '').includes('json');
  const env = json ? (res.json() as { ret: number; msg: string }) : { ret: 0, msg: 'file' };
  return { status: res.statusCode, ret: env.ret, msg: env.msg, text: json ? res.body : '' };
}

/** Runs `fn` and answers what it changed, per table. */
export async function watching<T>(t: TestApp, fn: () => Promise<T>): Promise<{ result: T; changed: string[] }> {
  const before = await mark(t.db);
  const result = await fn();
  return { result, changed: await changesSince(t.db, before) };
}
