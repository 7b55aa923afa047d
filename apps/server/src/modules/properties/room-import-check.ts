import { checkCertNo, checkMobile, fenToMoney, ROOM_STATUS, ROOM_TYPES, toFen, tryFen } from '@linli/shared';
import type { SheetRow } from '../../core/excel';

/** The one template of buildings and rooms (properties.md "Import"); the room export uses the same columns. */
export const ROOM_IMPORT_HEADERS = [
  '小区名称',
  '楼宇名称',
  '单元',
  '楼层',
  '房号',
  '房间类型',
  '建筑面积',
  '套内面积',
  '户型',
  '收费系数',
  '房间状态',
  '交房日期',
  '业主姓名',
  '业主手机',
  '业主身份证',
] as const;
export const ROOM_IMPORT_REQUIRED = new Set(['小区名称', '楼宇名称', '单元', '楼层', '房号', '房间类型', '建筑面积']);

export interface RoomImportData {
  communityId: number;
  building: string;
  unitNo: number;
  unitName: string;
  floor: number;
  roomNo: string;
  roomType: number;
  buildArea: string;
  innerArea: string | null;
  bedrooms: number;
  livingrooms: number;
  bathrooms: number;
  feeCoefficient: string;
  status: number;
  handoverDate: string | null;
  ownerName: string;
  ownerMobile: string;
  ownerIdNo: string;
}

const DECIMAL = /^\d+(\.\d{1,2})?$/;
const validDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

/**
 * Checks one row against the community names in scope and the rows above it; answers the normalised row or its
 * messages (without the 第N行 prefix, which the caller adds).
 */
export function checkRoomRow(
  r: SheetRow,
  communityByName: Map<string, number>,
  seen: Map<string, number>,
): { data?: RoomImportData; errors: string[] } {
  const v = r.values;
  const errors: string[] = [];
  const need = (h: string) => {
    if (!v[h]) errors.push(`${h}不能为空`);
    return v[h] ?? '';
  };
  const communityName = need('小区名称');
  const communityId = communityByName.get(communityName);
  if (communityName && !communityId) errors.push(`小区“${communityName}”不存在`);
  const building = need('楼宇名称');
  if (building.length > 30) errors.push('楼宇名称不能超过30个字符');
  const unitText = need('单元');
  const unitMatch = /^(\d{1,2})(单元)?$/.exec(unitText);
  if (unitText && (!unitMatch || Number(unitMatch[1]) < 1)) errors.push('单元格式不正确，如：1单元');
  const unitNo = unitMatch ? Number(unitMatch[1]) : 0;
  const floorText = need('楼层');
  const floor = Number(floorText);
  if (floorText && (!Number.isInteger(floor) || floor === 0 || floor < -9 || floor > 99))
    errors.push('楼层需为-9至99且不为0的整数');
  const roomNo = need('房号');
  if (roomNo.length > 20) errors.push('房号不能超过20个字符');
  const typeText = need('房间类型');
  const roomType = ROOM_TYPES.indexOf(typeText as (typeof ROOM_TYPES)[number]);
  if (typeText && roomType < 1) errors.push('房间类型需为住宅、商铺、车库、办公或其他');
  const area = need('建筑面积');
  if (area) {
    const n = Number(area);
    if (!Number.isFinite(n) || n <= 0) errors.push('建筑面积必须大于0');
    else if (!DECIMAL.test(area)) errors.push('建筑面积最多两位小数');
    else if ((tryFen(area) ?? Infinity) > 9_999_999) errors.push('建筑面积不能超过99999.99');
  }
  const inner = v['套内面积'] ?? '';
  // A figure too long to count in fen is larger than any area (tryFen gives null).
  const innerFen = tryFen(inner) ?? Infinity;
  if (inner && (!DECIMAL.test(inner) || innerFen <= 0)) errors.push('套内面积需为大于0的数字，最多两位小数');
  else if (inner && area && DECIMAL.test(area) && innerFen > (tryFen(area) ?? Infinity))
    errors.push('套内面积不能大于建筑面积');
  const layout = v['户型'] ?? '';
  const lm = /^(\d)室(\d)厅(\d)卫$/.exec(layout);
  if (layout && !lm) errors.push('户型格式不正确，如：3室2厅2卫');
  const coef = v['收费系数'] || '1.00';
  const coefFen = DECIMAL.test(coef) ? tryFen(coef) : null;
  if (coefFen === null || coefFen < 1 || coefFen > 999) errors.push('收费系数需为0.01-9.99');
  const statusText = v['房间状态'] ?? '';
  const ownerName = v['业主姓名'] ?? '';
  const ownerMobile = v['业主手机'] ?? '';
  const ownerIdNo = (v['业主身份证'] ?? '').toUpperCase();
  let status = statusText ? ROOM_STATUS.indexOf(statusText as (typeof ROOM_STATUS)[number]) : ownerMobile ? 1 : 0;
  if (status < 0) {
    errors.push('房间状态需为未售、空置、已入住、已出租或装修中');
    status = 0;
  }
  const handoverDate = v['交房日期'] ?? '';
  if (handoverDate && !validDate(handoverDate)) errors.push('交房日期格式不正确，如：2025-06-01');
  if (ownerName || ownerMobile || ownerIdNo) {
    if (!ownerName) errors.push('业主姓名不能为空');
    else if (ownerName.length > 30) errors.push('业主姓名不能超过30个字符');
    const bad = ownerMobile ? checkMobile(ownerMobile) : '业主手机不能为空';
    if (bad) errors.push(bad.startsWith('业主') ? bad : `业主手机：${bad}`);
    const badId = ownerIdNo ? checkCertNo(ownerIdNo) : null;
    if (badId) errors.push(`业主身份证：${badId}`);
  }
  if (communityId && building && unitNo && roomNo) {
    const key = `${communityId}\u0000${building}\u0000${unitNo}\u0000${roomNo}`;
    const first = seen.get(key);
    if (first) errors.push(`房号与第${first}行重复`);
    else seen.set(key, r.row);
  }
  if (errors.length) return { errors };
  return {
    errors,
    data: {
      communityId: communityId!,
      building,
      unitNo,
      unitName: `${unitNo}单元`,
      floor,
      roomNo,
      roomType,
      buildArea: fenToMoney(toFen(area)),
      innerArea: inner ? fenToMoney(toFen(inner)) : null,
      bedrooms: lm ? Number(lm[1]) : 0,
      livingrooms: lm ? Number(lm[2]) : 0,
      bathrooms: lm ? Number(lm[3]) : 0,
      feeCoefficient: fenToMoney(toFen(coef)),
      status,
      handoverDate: handoverDate || null,
      ownerName,
      ownerMobile,
      ownerIdNo,
    },
  };
}
