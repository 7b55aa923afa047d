import { timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { companies, lanes } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError, forbidden, RET } from './errors';
import { sha256 } from './tokens';

/** The lane a device call speaks for; its company is the call's tenant. */
export interface DeviceAuth {
  laneId: number;
  cmpId: number;
  communityId: number;
  deviceSn: string;
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
    })
    .from(lanes)
    .innerJoin(companies, eq(companies.id, lanes.cmpId))
    .where(and(eq(lanes.deviceSn, sn), eq(companies.state, 1)));
  const presented = sha256(key);
  const lane = candidates.find((c) => sameHash(c.hash, presented));
  if (!lane) throw refused();
  if (lane.status !== 1) throw forbidden('通道已停用');
  if (!takeToken(deps, lane.laneId)) throw new ApiError(RET.TOO_MANY, '操作过于频繁，请稍后再试');
  await db
    .update(lanes)
    .set({ lastSeenTime: deps.now(), online: true })
    .where(and(eq(lanes.id, lane.laneId), eq(lanes.cmpId, lane.cmpId)));
  return { laneId: lane.laneId, cmpId: lane.cmpId, communityId: lane.communityId, deviceSn: lane.deviceSn };
}

/**
 * A token bucket per lane and process, on the app's clock. @fastify/rate-limit keeps one counter per route, and a
 * device spreads its requests over several calls; keying after authentication also stops a stranger who knows an
 * SN from starving that device.
 */
const buckets = new WeakMap<AppDeps, Map<number, { tokens: number; at: number }>>();

function takeToken(deps: AppDeps, laneId: number): boolean {
  let lanesOf = buckets.get(deps);
  if (!lanesOf) buckets.set(deps, (lanesOf = new Map()));
  const now = deps.now().getTime();
  const b = lanesOf.get(laneId) ?? { tokens: DEVICE_REQUESTS_PER_SECOND, at: now };
  const refill = (Math.max(0, now - b.at) / 1000) * DEVICE_REQUESTS_PER_SECOND;
  b.tokens = Math.min(DEVICE_REQUESTS_PER_SECOND, b.tokens + refill);
  b.at = now;
  lanesOf.set(laneId, b);
  if (b.tokens < 1) return false;
  b.tokens -= 1;
  return true;
}
