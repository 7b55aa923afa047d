import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './org';
import { buildingUnits, buildings, communities, rooms } from './properties';
import { cmpColumn, stamps } from './columns';
import { parkingLots } from './parking';

/**
 * Resident (domain/residents.md "Entities"), the columns the properties area needs now: owners for rooms, the
 * import's created 业主 and handover bookings. The residents module adds its screens and remaining columns here.
 * Source 1后台 2业主APP 3导入; Status 1在住 2已迁出.
 */
export const residents = pgTable(
  'residents',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    name: varchar('name', { length: 30 }).notNull(),
    gender: smallint('gender').notNull().default(0),
    mobile: varchar('mobile', { length: 20 }).notNull().default(''),
    idType: smallint('id_type').notNull().default(1),
    idNo: varchar('id_no', { length: 30 }).notNull().default(''),
    birthday: date('birthday', { mode: 'string' }),
    avatar: varchar('avatar', { length: 255 }).notNull().default(''),
    emergencyName: varchar('emergency_name', { length: 20 }).notNull().default(''),
    emergencyMobile: varchar('emergency_mobile', { length: 20 }).notNull().default(''),
    source: smallint('source').notNull().default(1),
    status: smallint('status').notNull().default(1),
    appUserId: integer('app_user_id'),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    isDeleted: boolean('is_deleted').notNull().default(false),
    ...stamps,
  },
  (t) => [
    uniqueIndex('residents_cmp_mobile_uq')
      .on(t.cmpId, t.mobile)
      .where(sql`not ${t.isDeleted} and ${t.mobile} <> ''`),
    uniqueIndex('residents_cmp_idno_uq')
      .on(t.cmpId, t.idType, t.idNo)
      .where(sql`not ${t.isDeleted} and ${t.idNo} <> ''`),
    index('residents_cmp_name_idx').on(t.cmpId, t.name),
    // 姓名/手机/证件号 filters and pickers search substrings ('%x%'): trigram GIN (migration 0008) with a 64 kB
    // pending list, as PGlite runs no autovacuum to flush a larger one (the planner would skip the index).
    index('residents_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')).with({ gin_pending_list_limit: 64 }),
    index('residents_mobile_trgm_idx').using('gin', t.mobile.op('gin_trgm_ops')).with({ gin_pending_list_limit: 64 }),
    index('residents_id_no_trgm_idx').using('gin', t.idNo.op('gin_trgm_ops')).with({ gin_pending_list_limit: 64 }),
  ],
);

/** The link of a resident to a room. Role 1业主 2家属 3租户; MoveOutDate null while active. */
export const residentRooms = pgTable(
  'resident_rooms',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id),
    residentId: integer('resident_id')
      .notNull()
      .references(() => residents.id),
    role: smallint('role').notNull().default(1),
    relation: varchar('relation', { length: 20 }).notNull().default(''),
    isPrimary: boolean('is_primary').notNull().default(false),
    moveInDate: date('move_in_date', { mode: 'string' }),
    moveOutDate: date('move_out_date', { mode: 'string' }),
    leaseStart: date('lease_start', { mode: 'string' }),
    leaseEnd: date('lease_end', { mode: 'string' }),
    ...stamps,
  },
  (t) => [
    uniqueIndex('resident_rooms_active_uq')
      .on(t.roomId, t.residentId)
      .where(sql`${t.moveOutDate} is null`),
    uniqueIndex('resident_rooms_primary_owner_uq')
      .on(t.roomId)
      .where(sql`${t.role} = 1 and ${t.isPrimary} and ${t.moveOutDate} is null`),
    index('resident_rooms_room_idx').on(t.roomId),
    index('resident_rooms_resident_idx').on(t.residentId),
    index('resident_rooms_cmp_idx').on(t.cmpId, t.communityId),
    index('resident_rooms_community_idx').on(t.communityId),
    index('resident_rooms_role_idx').on(t.cmpId, t.communityId, t.role),
    index('resident_rooms_lease_idx')
      .on(t.leaseEnd)
      .where(sql`${t.role} = 3`),
  ],
);

/** ResidentTag: Name ≤8 characters, unique per company. */
export const residentTags = pgTable(
  'resident_tags',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    name: varchar('name', { length: 8 }).notNull(),
    color: varchar('color', { length: 20 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    ...stamps,
  },
  (t) => [uniqueIndex('resident_tags_cmp_name_uq').on(t.cmpId, t.name)],
);

export const residentTagLinks = pgTable(
  'resident_tag_links',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    residentId: integer('resident_id')
      .notNull()
      .references(() => residents.id),
    tagId: integer('tag_id')
      .notNull()
      .references(() => residentTags.id),
    ...stamps,
  },
  (t) => [
    uniqueIndex('resident_tag_links_uq').on(t.residentId, t.tagId),
    index('resident_tag_links_tag_idx').on(t.tagId),
    index('resident_tag_links_cmp_idx').on(t.cmpId),
  ],
);

/** Registration from the owner app: Status 0待审核 1已通过 2已驳回 3已撤回. */
export const registrations = pgTable(
  'registrations',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id),
    appUserId: integer('app_user_id').notNull(),
    name: varchar('name', { length: 20 }).notNull(),
    mobile: varchar('mobile', { length: 20 }).notNull(),
    idNo: varchar('id_no', { length: 30 }).notNull().default(''),
    role: smallint('role').notNull(),
    relation: varchar('relation', { length: 20 }).notNull().default(''),
    leaseEnd: date('lease_end', { mode: 'string' }),
    attachments: jsonb('attachments').$type<string[]>().notNull().default([]),
    status: smallint('status').notNull().default(0),
    reviewUserId: integer('review_user_id').references(() => users.id),
    reviewTime: timestamp('review_time', { withTimezone: true }),
    rejectReason: varchar('reject_reason', { length: 100 }).notNull().default(''),
    residentId: integer('resident_id').references(() => residents.id),
    ...stamps,
  },
  (t) => [
    index('registrations_cmp_status_idx').on(t.cmpId, t.status, t.createdAt),
    index('registrations_community_idx').on(t.communityId),
    index('registrations_room_idx').on(t.roomId),
    index('registrations_review_user_idx').on(t.reviewUserId),
    index('registrations_resident_idx').on(t.residentId),
    uniqueIndex('registrations_pending_uq')
      .on(t.appUserId, t.roomId)
      .where(sql`${t.status} = 0`),
  ],
);

/**
 * Lane (domain/parking-access.md "Entities"): one device point, a 车行道闸 or a 人行门禁. Face sync reads its face
 * columns; parking and access add the lot, direction, unit door and rules (migration 0011).
 */
export const lanes = pgTable(
  'lanes',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id),
    name: varchar('name', { length: 30 }).notNull(),
    /** 1车行 2人行 */
    kind: smallint('kind').notNull().default(2),
    /** Required for 车行. */
    lotId: integer('lot_id').references(() => parkingLots.id),
    /** 1入口 2出口 3进出 */
    direction: smallint('direction').notNull().default(3),
    /** A 人行 unit door: cards of rooms in this unit are granted the lane. */
    buildingId: integer('building_id').references(() => buildings.id),
    unitId: integer('unit_id').references(() => buildingUnits.id),
    /** 车行 {AutoOpenMonthly, AutoOpenFree, TempCar, ExpiredCard, FullDenyTemp}; 人行 {AllowCard, AllowFace, AllowQr}. */
    rules: jsonb('rules').$type<Record<string, unknown>>().notNull().default({}),
    firmware: varchar('firmware', { length: 50 }).notNull().default(''),
    ip: varchar('ip', { length: 45 }).notNull().default(''),
    deviceSn: varchar('device_sn', { length: 50 }).notNull(),
    brand: varchar('brand', { length: 10 }).notNull().default(''),
    hasFace: boolean('has_face').notNull().default(false),
    online: boolean('online').notNull().default(true),
    lastSeenTime: timestamp('last_seen_time', { withTimezone: true }),
    /** 1启用 0停用 */
    status: smallint('status').notNull().default(1),
    /** sha256 hex of the device key (DeviceGateway); null = the device cannot sign in yet. */
    deviceKeyHash: varchar('device_key_hash', { length: 64 }),
    /** When the key was issued. */
    keyTime: timestamp('key_time', { withTimezone: true }),
    ...stamps,
  },
  (t) => [
    uniqueIndex('lanes_cmp_sn_uq').on(t.cmpId, t.deviceSn),
    index('lanes_community_idx').on(t.communityId),
    index('lanes_lot_idx').on(t.lotId),
    index('lanes_building_idx').on(t.buildingId),
    index('lanes_unit_idx').on(t.unitId),
    // A device signs in by its SN alone, before its company is known.
    index('lanes_sn_idx').on(t.deviceSn),
  ],
);

/** FaceImage: Source 1后台上传 2业主APP 3设备采集; Status 1有效 2已删除. */
export const faceImages = pgTable(
  'face_images',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    residentId: integer('resident_id')
      .notNull()
      .references(() => residents.id),
    imgPath: varchar('img_path', { length: 255 }).notNull(),
    thumbPath: varchar('thumb_path', { length: 255 }).notNull().default(''),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    source: smallint('source').notNull().default(1),
    status: smallint('status').notNull().default(1),
    ...stamps,
  },
  (t) => [
    uniqueIndex('face_images_active_uq')
      .on(t.residentId)
      .where(sql`${t.status} = 1`),
    index('face_images_resident_idx').on(t.residentId),
    index('face_images_cmp_idx').on(t.cmpId),
    // /uploads/* finds the face a file belongs to.
    index('face_images_img_path_idx').on(t.imgPath),
  ],
);

/** FaceSync: one row per face, device and op. Op 1下发 2删除; State 0待同步 1已同步 2失败. */
export const faceSyncs = pgTable(
  'face_syncs',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    faceId: integer('face_id')
      .notNull()
      .references(() => faceImages.id),
    residentId: integer('resident_id')
      .notNull()
      .references(() => residents.id),
    laneId: integer('lane_id')
      .notNull()
      .references(() => lanes.id),
    op: smallint('op').notNull().default(1),
    state: smallint('state').notNull().default(0),
    tryCount: integer('try_count').notNull().default(0),
    lastTryTime: timestamp('last_try_time', { withTimezone: true }),
    failCode: varchar('fail_code', { length: 30 }).notNull().default(''),
    failReason: varchar('fail_reason', { length: 100 }).notNull().default(''),
    doneTime: timestamp('done_time', { withTimezone: true }),
    ...stamps,
  },
  (t) => [
    uniqueIndex('face_syncs_face_lane_op_uq').on(t.faceId, t.laneId, t.op),
    index('face_syncs_lane_state_idx').on(t.laneId, t.state),
    index('face_syncs_resident_idx').on(t.residentId),
    index('face_syncs_cmp_idx').on(t.cmpId),
  ],
);
