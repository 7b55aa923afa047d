import dayjs, { type Dayjs } from 'dayjs';
import type { LinkValues, ResidentDetail, ResidentLink, ResidentValues } from './api';

/** A link row as the form holds it: the room path for the cascader, dates as dayjs. */
export interface LinkForm {
  Id?: number;
  Path?: { CommunityId?: number; BuildingId?: number; UnitId?: number; RoomId?: number };
  RoomName?: string;
  Role?: number;
  Relation?: string;
  IsPrimary?: boolean;
  MoveInDate?: Dayjs;
  MoveOutDate?: Dayjs;
  LeaseStart?: Dayjs;
  LeaseEnd?: Dayjs;
}

const day = (v: string | null | undefined) => (v ? dayjs(v) : undefined);
const text = (v: Dayjs | undefined | null) => (v ? v.format('YYYY-MM-DD') : undefined);

/** A new link row: 业主, moving in today. */
export const newLink = (today = dayjs()): LinkForm => ({ Role: 1, MoveInDate: today, Path: {} });

/** /Resident/Get → the form's values (Rooms: the active links; closed links stay in the history). */
export function toResidentForm(d: ResidentDetail): Record<string, unknown> {
  const active = (d.Rooms ?? []).filter((l) => !l.MoveOutDate);
  return {
    ...d,
    Birthday: day(d.Birthday),
    Rooms: active.map((l: ResidentLink): LinkForm => ({
      Id: l.Id,
      Path: { CommunityId: l.CommunityId, BuildingId: l.BuildingId, UnitId: l.UnitId, RoomId: l.RoomId },
      RoomName: l.RoomName,
      Role: l.Role,
      Relation: l.Relation || undefined,
      IsPrimary: l.IsPrimary,
      MoveInDate: day(l.MoveInDate),
      LeaseStart: day(l.LeaseStart),
      LeaseEnd: day(l.LeaseEnd),
    })),
  };
}

/** A form link → the Save body's Rooms[] entry (Relation only for 家属, IsPrimary only for 业主, lease only for 租户). */
export function fromLinkForm(l: LinkForm): LinkValues {
  return {
    Id: l.Id ?? 0,
    RoomId: l.Path?.RoomId,
    Role: l.Role,
    Relation: l.Role === 2 ? l.Relation : undefined,
    IsPrimary: l.Role === 1 ? !!l.IsPrimary : false,
    MoveInDate: text(l.MoveInDate),
    MoveOutDate: text(l.MoveOutDate),
    LeaseStart: l.Role === 3 ? text(l.LeaseStart) : undefined,
    LeaseEnd: l.Role === 3 ? text(l.LeaseEnd) : undefined,
  };
}

/** The form's values → the Save body. */
export function toSaveBody(id: number, v: Record<string, unknown>): Partial<ResidentValues> {
  const { Rooms, Birthday, ...rest } = v as { Rooms?: LinkForm[]; Birthday?: Dayjs | string };
  const body: Record<string, unknown> = { ...rest, Id: id };
  body.Birthday = typeof Birthday === 'string' ? Birthday : text(Birthday);
  body.Rooms = (Rooms ?? []).map(fromLinkForm);
  for (const k of Object.keys(body)) if (body[k] === undefined || body[k] === null) delete body[k];
  return body as Partial<ResidentValues>;
}

/** The roles of the links being edited (the mobile rule needs them). */
export const rolesOf = (rooms: readonly LinkForm[] | undefined) => (rooms ?? []).map((l) => l?.Role);
