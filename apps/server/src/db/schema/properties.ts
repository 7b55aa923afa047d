import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './org';
import { residents } from './residents';
import { cmpColumn, stamps } from './columns';

/**
 * Community (domain/properties.md "Entities"). Created with the organisation work because data scope needs it; the
 * properties module builds its screens, buildings and rooms on this table as it stands.
 */
export const communities = pgTable(
  'communities',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    name: varchar('name', { length: 50 }).notNull(),
    code: varchar('code', { length: 20 }).notNull().default(''),
    province: varchar('province', { length: 20 }).notNull().default(''),
    city: varchar('city', { length: 20 }).notNull().default(''),
    district: varchar('district', { length: 20 }).notNull().default(''),
    address: varchar('address', { length: 100 }).notNull().default(''),
    buildArea: numeric('build_area', { precision: 12, scale: 2 }).notNull().default('0'),
    servicePhone: varchar('service_phone', { length: 20 }).notNull().default(''),
    managerUserId: integer('manager_user_id').references(() => users.id),
    deliveryDate: date('delivery_date', { mode: 'string' }),
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    /** 1 启用, 0 停用 (a disabled community leaves the pickers). */
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by'),
  },
  (t) => [
    uniqueIndex('communities_cmp_name_uq').on(t.cmpId, t.name),
    index('communities_manager_idx').on(t.managerUserId),
    // Substring searches ('%x%', core/filters likeText) on names and addresses: trigram GIN (migration 0008).
    // A 64 kB pending list: PGlite runs no autovacuum to flush it, and a large one makes the planner skip the index.
    index('communities_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')).with({ gin_pending_list_limit: 64 }),
    index('communities_address_trgm_idx')
      .using('gin', t.address.op('gin_trgm_ops'))
      .with({ gin_pending_list_limit: 64 }),
  ],
);

/** Building: 类型 1住宅楼 2商业楼 3写字楼 4综合楼 5车库. */
export const buildings = pgTable(
  'buildings',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id),
    name: varchar('name', { length: 30 }).notNull(),
    code: varchar('code', { length: 20 }).notNull().default(''),
    buildingType: smallint('building_type').notNull().default(1),
    floorsAbove: smallint('floors_above').notNull(),
    floorsBelow: smallint('floors_below').notNull().default(0),
    hasLift: boolean('has_lift').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    ...stamps,
  },
  (t) => [uniqueIndex('buildings_community_name_uq').on(t.communityId, t.name), index('buildings_cmp_idx').on(t.cmpId)],
);

/** Every building has at least one unit (单元); rooms hang on units. */
export const buildingUnits = pgTable(
  'building_units',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id),
    unitNo: smallint('unit_no').notNull(),
    name: varchar('name', { length: 20 }).notNull(),
    floorsAbove: smallint('floors_above').notNull(),
    ...stamps,
  },
  (t) => [
    uniqueIndex('building_units_building_no_uq').on(t.buildingId, t.unitNo),
    index('building_units_cmp_idx').on(t.cmpId),
    index('building_units_community_idx').on(t.communityId),
  ],
);

/** Room status 0未售 1空置 2已入住 3已出租 4装修中; type 1住宅 2商铺 3车库 4办公 5其他; decoration 0未填 1毛坯 2简装 3精装. */
export const rooms = pgTable(
  'rooms',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id),
    unitId: integer('unit_id')
      .notNull()
      .references(() => buildingUnits.id),
    floor: smallint('floor').notNull(),
    roomNo: varchar('room_no', { length: 20 }).notNull(),
    /** '1栋-2单元-1201', stored so lists search and sort on it. */
    fullName: varchar('full_name', { length: 80 }).notNull(),
    roomType: smallint('room_type').notNull().default(1),
    bedrooms: smallint('bedrooms').notNull().default(0),
    livingrooms: smallint('livingrooms').notNull().default(0),
    bathrooms: smallint('bathrooms').notNull().default(0),
    decoration: smallint('decoration').notNull().default(0),
    buildArea: numeric('build_area', { precision: 10, scale: 2 }).notNull(),
    innerArea: numeric('inner_area', { precision: 10, scale: 2 }),
    feeCoefficient: numeric('fee_coefficient', { precision: 5, scale: 2 }).notNull().default('1.00'),
    status: smallint('status').notNull().default(0),
    ownerResidentId: integer('owner_resident_id').references(() => residents.id),
    handoverDate: date('handover_date', { mode: 'string' }),
    ...stamps,
  },
  (t) => [
    uniqueIndex('rooms_unit_no_uq').on(t.unitId, t.roomNo),
    index('rooms_scope_idx').on(t.cmpId, t.communityId, t.buildingId, t.status),
    index('rooms_community_idx').on(t.communityId),
    index('rooms_building_floor_idx').on(t.buildingId, t.floor),
    index('rooms_owner_idx').on(t.ownerResidentId),
    index('rooms_full_name_idx').using('btree', sql`${t.fullName} text_pattern_ops`),
    // Every room list's order (rooms-query.ts roomOrder): a page is read off the index instead of sorting the company.
    index('rooms_list_order_idx').on(t.cmpId, t.buildingId, t.unitId, t.floor, t.roomNo, t.id),
    // 房号 and the room key filters (RoomNo, RoomKey, Keyword): trigram GIN, as residents.
    index('rooms_full_name_trgm_idx').using('gin', t.fullName.op('gin_trgm_ops')).with({ gin_pending_list_limit: 64 }),
    index('rooms_room_no_trgm_idx').using('gin', t.roomNo.op('gin_trgm_ops')).with({ gin_pending_list_limit: 64 }),
  ],
);

/** Source 1手动 2批量 3交房 4住户 5导入. */
export const roomStatusLogs = pgTable(
  'room_status_logs',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id),
    fromStatus: smallint('from_status').notNull(),
    toStatus: smallint('to_status').notNull(),
    source: smallint('source').notNull(),
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    ...stamps,
  },
  (t) => [index('room_status_logs_room_idx').on(t.roomId), index('room_status_logs_cmp_idx').on(t.cmpId)],
);
