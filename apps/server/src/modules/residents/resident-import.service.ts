import { checkIdNo, checkMobile, GENDERS, ID_TYPES, MSG_LEASE_END_REQUIRED, RESIDENT_ROLES } from '@linli/shared';
import { and, eq, exists, isNull, not, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Auth } from '../../core/auth';
import { anyId } from '../../core/filters';
import { readSheet, readUpload, xlsxTemplate } from '../../core/excel';
import {
  type BatchRow,
  batchOf,
  type CommitStep,
  commitBatch,
  createBatch,
  errorReport,
} from '../../core/import-batch';
import { communityIdsOf } from '../../core/scope';
import type { Tx } from '../../db/client';
import { buildingUnits, buildings, communities, residentRooms, residents, residentTags, rooms } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { applyRoomEffects, refreshResidentStatus } from './room-effects';
import { writeLinks } from './resident-links';
import { addTagsByName } from './resident-tags.service';
import { today } from './residents-query';

export const RESIDENT_IMPORT_KIND = 'resident';
export const RESIDENT_IMPORT_HEADERS = [
  '姓名',
  '性别',
  '手机号',
  '证件类型',
  '证件号码',
  '小区',
  '楼宇',
  '单元',
  '房号',
  '身份',
  '与业主关系',
  '入住日期',
  '租约到期',
  '紧急联系人',
  '紧急联系电话',
  '标签',
] as const;
const REQUIRED = new Set(['姓名', '小区', '楼宇', '单元', '房号', '身份']);

export const residentTemplate = () =>
  xlsxTemplate(
    '住户导入模板',
    RESIDENT_IMPORT_HEADERS.map((h) => ({ header: REQUIRED.has(h) ? `${h}*` : h, note: NOTES[h] })),
  );
const NOTES: Record<string, string> = {
  性别: '男/女',
  手机号: '业主和租户必填；已登记的手机号将为该住户增加房屋',
  证件类型: '身份证/护照/港澳通行证/台胞证/其他，默认身份证',
  单元: '如：1单元',
  身份: '业主/家属/租户',
  与业主关系: '家属填写：配偶/子女/父母/其他',
  入住日期: '如：2025-06-01，默认今天',
  租约到期: '租户必填',
  标签: '多个标签用逗号分隔',
};

export interface ResidentImportData {
  name: string;
  gender: number;
  mobile: string;
  idType: number;
  idNo: string;
  roomId: number;
  communityId: number;
  role: number;
  relation: string;
  moveInDate: string | null;
  leaseEnd: string | null;
  emergencyName: string;
  emergencyMobile: string;
  tags: string[];
}

const validDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

export async function residentImportPreview(deps: AppDeps, auth: Auth, req: FastifyRequest) {
  const file = await readUpload(req);
  const sheet = await readSheet(file.data, [...RESIDENT_IMPORT_HEADERS]);
  const { db } = deps.database;
  const hasOwner = exists(
    db
      .select({ one: sql`1` })
      .from(residentRooms)
      .where(and(eq(residentRooms.roomId, rooms.id), eq(residentRooms.role, 1), isNull(residentRooms.moveOutDate))),
  );
  const roomRows = await db
    .select({
      id: rooms.id,
      communityId: rooms.communityId,
      community: communities.name,
      building: buildings.name,
      unitNo: buildingUnits.unitNo,
      roomNo: rooms.roomNo,
      hasOwner: sql<boolean>`${hasOwner}`,
    })
    .from(rooms)
    .innerJoin(communities, eq(communities.id, rooms.communityId))
    .innerJoin(buildings, eq(buildings.id, rooms.buildingId))
    .innerJoin(buildingUnits, eq(buildingUnits.id, rooms.unitId))
    .where(and(eq(rooms.cmpId, auth.cmpId), anyId(rooms.communityId, await communityIdsOf(db, auth))));
  const roomBy = new Map(
    roomRows.map((r) => [`${r.community}\u0000${r.building}\u0000${r.unitNo}\u0000${r.roomNo}`, r]),
  );
  const communityNames = new Set(roomRows.map((r) => r.community));
  const tags = await db
    .select({ name: residentTags.name })
    .from(residentTags)
    .where(eq(residentTags.cmpId, auth.cmpId));
  const tagNames = new Set(tags.map((t) => t.name));
  const ownersInFile = new Set<number>();
  const seen = new Map<string, number>();
  const rows: BatchRow<ResidentImportData>[] = sheet.map((r) => {
    const v = r.values;
    const errors: string[] = [];
    const need = (h: string) => {
      if (!v[h]) errors.push(`${h}不能为空`);
      return v[h] ?? '';
    };
    const name = need('姓名');
    if (name.length > 20) errors.push('姓名不能超过20个字符');
    const genderText = v['性别'] ?? '';
    const gender = genderText ? GENDERS.indexOf(genderText as (typeof GENDERS)[number]) : 0;
    if (gender < 0) errors.push('性别需为男或女');
    const roleText = need('身份');
    const role = RESIDENT_ROLES.indexOf(roleText as (typeof RESIDENT_ROLES)[number]);
    if (roleText && role < 1) errors.push('身份需为业主、家属或租户');
    const mobile = v['手机号'] ?? '';
    if (mobile) {
      const m = checkMobile(mobile);
      if (m) errors.push(m);
    } else if (role === 1 || role === 3) errors.push('业主和租户必须填写手机号');
    const idTypeText = v['证件类型'] || '身份证';
    const idType = ID_TYPES.indexOf(idTypeText as (typeof ID_TYPES)[number]);
    if (idType < 1) errors.push('证件类型不正确');
    const idNo = (v['证件号码'] ?? '').toUpperCase();
    const idMsg = idType >= 1 ? checkIdNo(idType, idNo) : null;
    if (idMsg) errors.push(idMsg);
    const community = need('小区');
    const building = need('楼宇');
    const unitText = need('单元');
    const unitNo = Number(/^(\d{1,2})(单元)?$/.exec(unitText)?.[1] ?? 0);
    const roomNo = need('房号');
    let room: (typeof roomRows)[number] | undefined;
    if (community && !communityNames.has(community)) errors.push(`小区“${community}”不存在`);
    else if (community && building && unitText && roomNo) {
      room = roomBy.get(`${community}\u0000${building}\u0000${unitNo}\u0000${roomNo}`);
      if (!room)
        errors.push(`房间 ${building}-${unitText.endsWith('单元') ? unitText : `${unitText}单元`}-${roomNo} 不存在`);
    }
    const moveIn = v['入住日期'] ?? '';
    if (moveIn && !validDate(moveIn)) errors.push('入住日期格式不正确，如：2025-06-01');
    const leaseEnd = v['租约到期'] ?? '';
    if (leaseEnd && !validDate(leaseEnd)) errors.push('租约到期格式不正确，如：2025-06-01');
    if (role === 3 && !leaseEnd) errors.push(MSG_LEASE_END_REQUIRED);
    if (leaseEnd && moveIn && leaseEnd < moveIn) errors.push('租约到期日不能早于入住日期');
    const emergencyMobile = v['紧急联系电话'] ?? '';
    if (emergencyMobile) {
      const m = checkMobile(emergencyMobile);
      if (m) errors.push(`紧急联系电话：${m}`);
    }
    const tagList = (v['标签'] ?? '')
      .split(/[,，、]/)
      .map((t) => t.trim())
      .filter(Boolean);
    const unknown = tagList.filter((t) => !tagNames.has(t));
    if (unknown.length) errors.push(`标签“${unknown.join('、')}”不存在`);
    if (tagList.length > 10) errors.push('标签最多10个');
    if (room && role === 2 && !room.hasOwner && !ownersInFile.has(room.id)) errors.push('该房间尚无业主，不能登记家属');
    if (room) {
      const key = `${mobile || idNo || name}\u0000${room.id}`;
      const first = seen.get(key);
      if (first) errors.push(`与第${first}行重复`);
      else seen.set(key, r.row);
    }
    if (!errors.length && room && role === 1) ownersInFile.add(room.id);
    return {
      Row: r.row,
      Values: v,
      Errors: errors.map((e) => `第${r.row}行：${e}`),
      ...(errors.length || !room
        ? {}
        : {
            Data: {
              name,
              gender,
              mobile,
              idType,
              idNo,
              roomId: room.id,
              communityId: room.communityId,
              role,
              relation: role === 2 ? v['与业主关系'] || '其他' : '',
              moveInDate: moveIn || null,
              leaseEnd: leaseEnd || null,
              emergencyName: (v['紧急联系人'] ?? '').slice(0, 20),
              emergencyMobile,
              tags: tagList,
            },
          }),
    };
  });
  const good = rows.filter((r) => r.Data).length;
  const summary = { Total: rows.length, Ok: good, Error: rows.length - good };
  const id = await createBatch(db, auth, {
    kind: RESIDENT_IMPORT_KIND,
    fileName: file.fileName,
    rows,
    summary,
    mode: 1,
    now: deps.now(),
  });
  return {
    ImportId: id,
    Summary: summary,
    Rows: rows.map((r) => ({
      Row: r.Row,
      Status: r.Errors.length ? '错误' : '正确',
      Messages: r.Errors,
      Values: r.Values,
    })),
  };
}

/**
 * Writes the good rows in one transaction: an existing mobile or ID number gains a link instead of a new person
 * (Source 3 导入 for the new ones); a link that is already active is skipped.
 */
export async function residentImportCommit(deps: AppDeps, auth: Auth, id: number, ip: string) {
  const { result, batch } = await commitBatch(
    deps,
    auth,
    { id, kind: RESIDENT_IMPORT_KIND, action: 'resident.import', ip },
    (tx, good: ResidentImportData[], step) => writeResidents(deps, auth, tx, good, step),
  );
  return { ImportId: id, ...result, Error: batch.error };
}

async function writeResidents(
  deps: AppDeps,
  auth: Auth,
  tx: Tx,
  good: ResidentImportData[],
  { now, progress }: CommitStep,
) {
  const d = today(deps, auth);
  let created = 0;
  let linked = 0;
  let skipped = 0;
  const rooms: number[] = [];
  const people: number[] = [];
  // Owners first, so family rows of the same file find them.
  const ordered = [...good].sort((a, b) => a.role - b.role);
  for (const [n, g] of ordered.entries()) {
    const [found] = await tx
      .select({ id: residents.id })
      .from(residents)
      .where(
        and(
          eq(residents.cmpId, auth.cmpId),
          not(residents.isDeleted),
          or(
            g.mobile ? eq(residents.mobile, g.mobile) : undefined,
            g.idNo ? and(eq(residents.idType, g.idType), eq(residents.idNo, g.idNo)) : undefined,
          ) ?? sql`false`,
        ),
      )
      .orderBy(residents.id)
      .limit(1);
    let residentId = found?.id ?? 0;
    if (!residentId) {
      const [row] = await tx
        .insert(residents)
        .values({
          cmpId: auth.cmpId,
          name: g.name,
          gender: g.gender,
          mobile: g.mobile,
          idType: g.idType,
          idNo: g.idNo,
          emergencyName: g.emergencyName,
          emergencyMobile: g.emergencyMobile,
          source: 3,
          status: 1,
          createdBy: auth.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: residents.id });
      residentId = row!.id;
      created += 1;
    }
    const [active] = await tx
      .select({ id: residentRooms.id })
      .from(residentRooms)
      .where(
        and(
          eq(residentRooms.cmpId, auth.cmpId),
          eq(residentRooms.roomId, g.roomId),
          eq(residentRooms.residentId, residentId),
          isNull(residentRooms.moveOutDate),
        ),
      );
    if (active) skipped += 1;
    else {
      rooms.push(
        ...(await writeLinks(
          tx,
          auth,
          residentId,
          [
            {
              id: 0,
              roomId: g.roomId,
              communityId: g.communityId,
              role: g.role,
              relation: g.relation,
              isPrimary: false,
              moveInDate: g.moveInDate ?? d,
              moveOutDate: null,
              leaseStart: null,
              leaseEnd: g.leaseEnd,
            },
          ],
          now,
          false,
        )),
      );
      linked += 1;
    }
    await addTagsByName(tx, auth, residentId, g.tags, now);
    people.push(residentId);
    if (n % 200 === 0) progress((n / Math.max(1, ordered.length)) * 90);
  }
  await applyRoomEffects(tx, auth, rooms, now, '住户导入');
  await refreshResidentStatus(tx, auth.cmpId, people, now);
  return { result: { Ok: good.length, Created: created, Linked: linked, Skipped: skipped } };
}

export async function residentImportErrors(deps: AppDeps, auth: Auth, id: number) {
  const batch = await batchOf(deps.database.db, auth, id, RESIDENT_IMPORT_KIND);
  return errorReport('住户导入错误报告', [...RESIDENT_IMPORT_HEADERS], batch);
}
