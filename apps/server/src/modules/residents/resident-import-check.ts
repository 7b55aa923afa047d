import { checkIdNo, checkMobile, GENDERS, ID_TYPES, MSG_LEASE_END_REQUIRED, RESIDENT_ROLES } from '@linli/shared';
import { and, eq, exists, isNull, sql } from 'drizzle-orm';
import type { Auth } from '../../core/auth';
import type { SheetRow } from '../../core/excel';
import { anyId } from '../../core/filters';
import type { BatchRow } from '../../core/import-batch';
import { communityIdsOf } from '../../core/scope';
import type { Tx } from '../../db/client';
import { buildingUnits, buildings, communities, residentRooms, residentTags, rooms } from '../../db/schema';

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

/**
 * The per-row checks of 住户导入 (residents.md "Import template"): every message as '第5行：…'; a row without errors
 * carries the Data the commit writes. Rooms are looked up in the session's communities only.
 */
export async function checkResidentRows(
  db: Tx,
  auth: Auth,
  sheet: SheetRow[],
): Promise<BatchRow<ResidentImportData>[]> {
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
  return sheet.map((r) => {
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
}
