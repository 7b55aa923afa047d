import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scheduler } from '../../core/jobs';
import { drainJobs } from '../jobs';
import { employeeArchives, sysMessages, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { contractExpiryJob } from './contract-expiry.job';

const silent = { info: () => {}, error: () => {} };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// 2026-07-01 08:30 in Shanghai.
const RUN_AT = new Date('2026-07-01T00:30:00Z');

async function setContractEnd(status: number, end: string) {
  const [a] = await t.db.select().from(employeeArchives).where(eq(employeeArchives.status, status)).limit(1);
  await t.db.update(employeeArchives).set({ contractEnd: end }).where(eq(employeeArchives.id, a!.id));
  return a!;
}

describe('contract expiry reminders', () => {
  it('reminds the yggl_ygda holders at 30, 7 and 1 day(s) before the end, once a day, never for 离职 files', async () => {
    // Move every other file's end far away so only the arranged ones are due.
    await t.db.update(employeeArchives).set({ contractEnd: '2030-01-01' });
    const in7 = await setContractEnd(1, '2026-07-08');
    await setContractEnd(2, '2026-07-02');
    const [other] = await t.db
      .select()
      .from(employeeArchives)
      .where(and(eq(employeeArchives.status, 1)))
      .offset(1)
      .limit(1);
    await t.db.update(employeeArchives).set({ contractEnd: '2026-07-30' }).where(eq(employeeArchives.id, other!.id));

    const scheduler = new Scheduler(t.deps, [contractExpiryJob], silent);
    expect(await scheduler.tick(RUN_AT)).toEqual(['archives.contract-expiry']);
    expect(await drainJobs(t.deps)).toBe(1);

    const msgs = await t.db.select().from(sysMessages).where(eq(sysMessages.msgType, 1));
    expect(msgs.map((m) => m.title)).toEqual([`员工${in7.name}的劳动合同将于2026-07-08到期`]);
    const [admin] = await t.db.select().from(users).where(eq(users.account, 'admin'));
    expect(msgs[0]).toMatchObject({ userId: admin!.id, sourceId: in7.id });

    // A second process, or a restart, the same day: nothing more.
    expect(await new Scheduler(t.deps, [contractExpiryJob], silent).tick(new Date('2026-07-01T09:00:00Z'))).toEqual([]);
    expect(await t.db.select().from(sysMessages).where(eq(sysMessages.msgType, 1))).toHaveLength(1);
  });
});
