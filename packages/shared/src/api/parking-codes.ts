/**
 * The codes of parking and access (domain/parking-access.md "API shapes › Codes"), declared once: a list's index is
 * its code, and every answer adds `<Field>Name` from here. Empty strings fill the codes no entity uses.
 */

export const LOT_TYPES = ['', '地上', '地下'] as const;
/** ParkingLot and Lane Status. */
export const ENABLE_STATUS = ['停用', '启用'] as const;
export const SPACE_TYPES = ['', '普通', '子母', '充电'] as const;
export const SPACE_STATUS = ['', '空闲', '已售', '已租', '自用'] as const;
/** How many vehicles a space of each type holds (普通/充电 1, 子母 2). */
export const SPACE_CAPACITY = [0, 1, 2, 1] as const;

export const PLATE_COLORS = ['', '蓝', '黄', '绿', '白', '黑'] as const;
export const PLATE_COLOR_BLUE = 1;
export const PLATE_COLOR_GREEN = 3;
export const VEHICLE_TYPES = ['', '月租', '产权', '临时', '内部', '免费'] as const;
export const VEHICLE_TYPE = { monthly: 1, owned: 2, temp: 3, internal: 4, free: 5 } as const;
export const VEHICLE_STATUS = ['', '正常', '停用', '黑名单'] as const;
export const VEHICLE_STATUS_CODE = { normal: 1, stopped: 2, blacklist: 3 } as const;

/** Computed for vehicles and cards; null without an end date. 即将到期 = ends within 30 days. */
export const VALID_STATES = ['', '有效', '即将到期', '已过期'] as const;
export const VALID_STATE_FILTER_NAMES = ['', '有效', '30天内到期', '已过期'] as const;
export const EXPIRING_DAYS = 30;

export const CARD_TYPES = ['', '业主卡', '租户卡', '员工卡', '临时卡'] as const;
export const HOLDER_KINDS = ['', '住户', '员工', '其他'] as const;
export const CARD_STATUS = ['', '正常', '挂失', '注销'] as const;

export const LANE_KINDS = ['', '车行', '人行'] as const;
export const LANE_DIRECTIONS = ['', '入口', '出口', '进出'] as const;
export const LANE_BRANDS = ['海康', '大华', '宇视', '其他'] as const;
export const DEVICE_TASK_STATES = ['待发', '已发', '成功', '失败'] as const;
export const DEVICE_TASK_OPS = ['FaceAdd', 'FaceDelete', 'CardAdd', 'CardDelete'] as const;

export const CAR_RECORD_STATES = ['', '在场', '已出场', '异常'] as const;
export const CAR_RECORD_STATE = { inLot: 1, out: 2, abnormal: 3 } as const;
export const PAY_METHODS = ['无', '现金', '微信', '支付宝', '免费放行', '月卡'] as const;
export const PASS_METHODS = ['', '刷卡', '人脸', '二维码', '远程'] as const;
export const PASS_RESULTS = ['', '通过', '拒绝'] as const;

/** The device protocol speaks words; Lane/Events adds these names. */
export const EVENT_TYPE_NAMES = {
  CarIn: '车辆入场',
  CarOut: '车辆出场',
  CardSwipe: '刷卡',
  FaceOpen: '人脸',
  QrOpen: '二维码',
  RemoteOpen: '远程开闸',
} as const;
export type DeviceEventType = keyof typeof EVENT_TYPE_NAMES;

/** Lane.Rules for 车行: TempCar 1允许 2禁止 3岗亭确认; ExpiredCard 1按临停 2禁止. */
export const TEMP_CAR_RULES = ['', '允许', '禁止', '岗亭确认'] as const;
export const EXPIRED_CARD_RULES = ['', '按临停', '禁止'] as const;
export const CAR_LANE_RULE_DEFAULTS = {
  AutoOpenMonthly: true,
  AutoOpenFree: true,
  TempCar: 1,
  ExpiredCard: 1,
  FullDenyTemp: false,
} as const;
export const WALK_LANE_RULE_DEFAULTS = { AllowCard: true, AllowFace: true, AllowQr: true } as const;

/** Card deny reasons, in the order they are tried (the first that applies). */
export const CARD_DENY_REASONS = ['未登记卡', '卡已注销', '卡已挂失', '卡未生效', '卡已过期', '无此通道权限'] as const;
export const FACE_DENY_REASON = '人脸未识别';

/** The name of a code, '' for an unknown one. */
export function codeName(list: readonly string[], code: number | null | undefined): string {
  return code === null || code === undefined ? '' : (list[code] ?? '');
}
