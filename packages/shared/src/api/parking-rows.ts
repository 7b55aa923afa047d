import { z } from 'zod';
import { toFen } from '../money';

/** Answers of the parking calls: the server's rows are typed by these schemas and the web reads its types from them. */

export const ParkingLotRow = z.object({
  Id: z.number(),
  CommunityId: z.number(),
  CommunityName: z.string(),
  Name: z.string(),
  Code: z.string(),
  LotType: z.number(),
  LotTypeName: z.string(),
  SpaceCount: z.number(),
  TempEnabled: z.boolean(),
  FreeMinutes: z.number(),
  FirstMinutes: z.number(),
  FirstMoney: z.string(),
  UnitMinutes: z.number(),
  UnitMoney: z.string(),
  DailyCapMoney: z.string(),
  ExpiredAsTemp: z.boolean(),
  Status: z.number(),
  StatusName: z.string(),
  /** 已录入/已售/已租/空闲 spaces, vehicles 在场 now and the lot's lanes. */
  EnteredCount: z.number(),
  SoldCount: z.number(),
  RentedCount: z.number(),
  FreeCount: z.number(),
  InLotCount: z.number(),
  LaneCount: z.number(),
  TariffText: z.string(),
});
export type ParkingLotRow = z.infer<typeof ParkingLotRow>;

export const ParkingSpaceRow = z.object({
  Id: z.number(),
  CommunityId: z.number(),
  CommunityName: z.string(),
  LotId: z.number(),
  LotName: z.string(),
  SpaceNo: z.string(),
  SpaceType: z.number(),
  SpaceTypeName: z.string(),
  Area: z.string().nullable(),
  Status: z.number(),
  StatusName: z.string(),
  OwnerResidentId: z.number().nullable(),
  OwnerName: z.string(),
  RoomId: z.number().nullable(),
  RoomText: z.string(),
  RentStart: z.string().nullable(),
  RentEnd: z.string().nullable(),
  /** 绑定车辆: the plates of the vehicles on the space. */
  Plates: z.array(z.string()),
});
export type ParkingSpaceRow = z.infer<typeof ParkingSpaceRow>;

export const VehicleRow = z.object({
  Id: z.number(),
  CommunityId: z.number(),
  CommunityName: z.string(),
  LotId: z.number(),
  LotName: z.string(),
  Plate: z.string(),
  PlateColor: z.number(),
  PlateColorName: z.string(),
  OwnerResidentId: z.number().nullable(),
  OwnerName: z.string(),
  OwnerMobile: z.string(),
  RoomId: z.number().nullable(),
  RoomText: z.string(),
  VehicleType: z.number(),
  VehicleTypeName: z.string(),
  SpaceId: z.number().nullable(),
  SpaceNo: z.string(),
  ValidStart: z.string().nullable(),
  ValidEnd: z.string().nullable(),
  /** 1有效 2即将到期 3已过期; null without an end date. */
  ValidState: z.number().nullable(),
  ValidStateName: z.string(),
  /** End − today; negative once lapsed; null without an end date. */
  DaysLeft: z.number().nullable(),
  Brand: z.string(),
  Color: z.string(),
  Status: z.number(),
  StatusName: z.string(),
  StatusReason: z.string(),
  /** 在场: an open passage record in the lot. */
  InLot: z.boolean(),
});
export type VehicleRow = z.infer<typeof VehicleRow>;

const span = (minutes: number) => (minutes % 60 === 0 ? `${minutes / 60}小时` : `${minutes}分钟`);
const perSpan = (minutes: number) => (minutes === 60 ? '小时' : span(minutes));

export interface TariffTextInput {
  TempEnabled: boolean;
  FreeMinutes: number;
  FirstMinutes: number;
  FirstMoney: string;
  UnitMinutes: number;
  UnitMoney: string;
  DailyCapMoney: string;
}

/** 临停标准 as text: '免费15分钟，首1小时5.00元，之后2.00元/小时，每日封顶30.00元'. */
export function tariffText(t: TariffTextInput): string {
  if (!t.TempEnabled) return '不收临停费';
  const parts: string[] = [];
  if (t.FreeMinutes > 0) parts.push(`免费${span(t.FreeMinutes)}`);
  parts.push(`首${span(t.FirstMinutes)}${t.FirstMoney}元`);
  parts.push(`之后${t.UnitMoney}元/${perSpan(t.UnitMinutes)}`);
  if (toFen(t.DailyCapMoney) > 0) parts.push(`每日封顶${t.DailyCapMoney}元`);
  return parts.join('，');
}

/** 2小时35分 (a stay's duration). */
export function durationText(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined) return '';
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? `${h}小时${m}分` : `${m}分`;
}
