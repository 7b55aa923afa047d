import { timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { companies, lanes } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError, forbidden, RET } from './errors';
import { sqlRows } from './sql-rows';
import { sha256 } from './tokens';

/** The lane a device call speaks for; its company is the call's tenant. */
export interface DeviceAuth {
  laneId: number;
  cmpId: number;
  communityId: number;
  deviceSn: string;
  /** The company's zone: a passage's day (card validity, monthly cards) is read in it. */
  timeZone: string;
}

/** parking-access.md: at most 20 requests/s per device. */
export const DEVICE_REQUESTS_PER_SECOND = 20;

const refused = () => new ApiError(RET.UNAUTHORIZED, '设备认证失败');

const text = (v: unknown, max: number): string => {
  const s = Array.isArray(v) ? v[0] : v;
  return typeof s === 'string' ? s.trim().slice(0, max) : '';
};

/** Hashes are compared in constant time, so the answer's timing says nothing about how much of a key was right. */
function sameHash(stored: string | null, presented: string): boolean {
  const a = Buffer.from(stored ?? '', 'hex');
  const b = Buffer.from(presented, 'hex');
  return a.length === 32 && b.length === 32 && timingSafeEqual(a, b);
}

/**
 * Headers X-Device-Sn + X-Device-Key, or body fields DeviceSn + DeviceKey. The SN is unique only within a company,
 * so every lane with that SN is tried and the key decides. A refused call (bad key, 停用, over the limit) does not
 * count as the device being seen.
 */
export async function authenticateDevice(
  deps: AppDeps,
  req: FastifyRequest,
  raw: Record<string, unknown>,
): Promise<DeviceAuth> {
  const sn = text(req.headers['x-device-sn'], 50) || text(raw.DeviceSn, 50);
  const key = text(req.headers['x-device-key'], 200) || text(raw.DeviceKey, 200);
  if (!sn || !key) throw refused();
  const { db } = deps.database;
  const candidates = await db
    .select({
      laneId: lanes.id,
      cmpId: lanes.cmpId,
      communityId: lanes.communityId,
      deviceSn: lanes.deviceSn,
      hash: lanes.deviceKeyHash,
      status: lanes.status,
      timeZone: companies.timeZone,
    })
    .from(lanes)
    .innerJoin(companies, eq(companies.id, lanes.cmpId))
    .where(and(eq(lanes.deviceSn, sn), eq(companies.state, 1)));
  const presented = sha256(key);
  const lane = candidates.find((c) => sameHash(c.hash, presented));
  if (!lane) throw refused();
  if (lane.status !== 1) throw forbidden('通道已停用');
  if (!(await takeToken(deps, lane.laneId, lane.cmpId))) throw new ApiError(RET.TOO_MANY, '操作过于频繁，请稍后再试');
  return {
    laneId: lane.laneId,
    cmpId: lane.cmpId,
    communityId: lane.communityId,
    deviceSn: lane.deviceSn,
    timeZone: lane.timeZone,
  };
}

/**
 * A one-second window per lane in the database (lane_rate_windows), so the limit holds however many processes serve
 * the devices: one upsert counts the request and answers the window's count. Keyed after authentication, so a
 * stranger who knows an SN cannot starve that device.
 */
async function takeToken(deps: AppDeps, laneId: number, cmpId: number): Promise<boolean> {
  const sec = Math.floor(deps.now().getTime() / 1000);
  // The count and the lane's LastSeenTime in one statement, so one commit (one WAL flush on PostgreSQL) per call,
  // not two: Verify's p95 was mostly these writes. A refused call (over the limit) is still a call that was seen.
  const rows = await sqlRows<{ hits: number }>(
    deps.database.db,
    sql`with seen as (
        update lanes set last_seen_time = ${deps.now()}, online = true where id = ${laneId} and cmp_id = ${cmpId})
      insert into lane_rate_windows (lane_id, cmp_id, window_sec, hits) values (${laneId}, ${cmpId}, ${sec}, 1)
      on conflict (lane_id) do update set
        hits = case when lane_rate_windows.window_sec = excluded.window_sec then lane_rate_windows.hits + 1 else 1 end,
        window_sec = excluded.window_sec
      where lane_rate_windows.cmp_id = ${cmpId}
      returning hits`,
  );
  const limit = deps.config.deviceRateLimit ?? DEVICE_REQUESTS_PER_SECOND;
  return Number(rows[0]?.hits ?? limit + 1) <= limit;
}
