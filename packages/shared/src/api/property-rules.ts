import { z } from 'zod';
import { fenToMoney, toFen, tryFen } from '../money';
import { zInt } from './form';

/** Names and numbers of the properties area (domain/properties.md), shared by forms, lists and the server. */
export const ROOM_STATUS = ['未售', '空置', '已入住', '已出租', '装修中'] as const;
export const ROOM_TYPES = ['', '住宅', '商铺', '车库', '办公', '其他'] as const;
export const BUILDING_TYPES = ['', '住宅楼', '商业楼', '写字楼', '综合楼', '车库'] as const;
export const DECORATIONS = ['', '毛坯', '简装', '精装'] as const;
export const METER_TYPES = ['', '水表', '电表', '燃气表'] as const;
export const STATUS_LOG_SOURCES = ['', '手动', '批量', '交房', '住户', '导入'] as const;
export const HANDOVER_STATUS = [
  '',
  '待确认',
  '已确认',
  '已签到',
  '验房中',
  '已交房',
  '待整改',
  '已拒绝',
  '已取消',
  '未到场',
] as const;
export const HANDOVER_SOURCES = ['', '业主APP', '后台代约'] as const;
/** Appointments that still hold a place in their slot and block another booking of the room. */
export const ACTIVE_HANDOVER = [1, 2, 3, 4] as const;
export const DEFAULT_INSPECT_ITEMS = ['门窗', '墙面', '地面', '水电', '卫浴', '厨房', '消防'];
export const DEFAULT_KEY_ITEMS = [
  { Name: '入户门钥匙', Qty: 3 },
  { Name: '信箱钥匙', Qty: 2 },
  { Name: '门禁卡', Qty: 2 },
];

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * A decimal with at most two places, kept as text so it reaches numeric columns exactly ('89.50'). Bounds are
 * compared in whole cents; the message names the range.
 */
export function zDecimal(label: string, min: number, max: number, opts: { required?: string } = {}) {
  const rangeMsg = `${label}需为${min.toFixed(2)}-${max.toFixed(2)}`;
  const schema = z.preprocess(
    (v) => (blank(v) ? undefined : String(v).trim()),
    z
      .string({ error: opts.required ?? `请输入${label}` })
      .refine((v) => /^-?\d+(\.\d{1,2})?$/.test(v), { message: `${label}最多两位小数`, abort: true })
      .refine((v) => {
        // Too many digits to count in fen is past any bound.
        const fen = tryFen(v);
        return fen !== null && fen >= toFen(min) && fen <= toFen(max);
      }, rangeMsg)
      .transform((v) => fenToMoney(toFen(v))),
  );
  return schema;
}

export function zOptionalDecimal(label: string, min: number, max: number) {
  return z.preprocess((v) => (blank(v) ? undefined : v), zDecimal(label, min, max).optional());
}

/** An integer in [min, max] with one message for every way it can be wrong. */
export function zIntIn(min: number, max: number, msg: string) {
  return zInt(msg).pipe(z.number().min(min, msg).max(max, msg));
}

/** Same, but blank means `def`. */
export function zIntOr(def: number, min: number, max: number, msg: string) {
  return z.preprocess((v) => (blank(v) ? def : v), zIntIn(min, max, msg));
}

/** '09:00'. */
export const MSG_HM_FORMAT = '时间格式不正确，请输入00:00-23:59';
/** 'HH:mm', 00:00–23:59: `missing` when left blank, `invalid` for what is not such a time ('25:00'). */
export const zHm = (missing = MSG_HM_FORMAT, invalid = MSG_HM_FORMAT) =>
  z.preprocess(
    (v) => (blank(v) ? undefined : String(v).trim()),
    z.string({ error: missing }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, invalid),
  );
