import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Envelope, TestApp } from '../../../test/harness';
import { lanes } from '../../db/schema';

/** Test helpers of the access area (not a test file itself). */

/** A device calling with its headers and a JSON body; the demo key is 'demo-' + SN. */
export const deviceOf =
  (t: TestApp, sn: string, key = `demo-${sn}`) =>
  async <T = unknown>(action: string, body: Record<string, unknown> = {}): Promise<Envelope<T>> => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/DeviceGateway/${action}`,
      headers: { 'x-device-sn': sn, 'x-device-key': key },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    return res.json() as Envelope<T>;
  };

export const laneBySn = async (t: TestApp, sn: string) =>
  (await t.db.select().from(lanes).where(eq(lanes.deviceSn, sn)))[0]!;

/** 'YYYY-MM-DD HH:mm:ss' in Shanghai of an instant. */
export const shanghai = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);

export interface PushAnswer {
  Accepted: number;
  Duplicate: number;
  Rejected: number;
  Results: { EventId: string; Status: string; Reason: string; RecordId: number | null }[];
}
