import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { communities, feeBills, feeItems, feeJournal, feeStandards, rooms } from '../../db/schema';
import { appendJournal, billedJournalInsert } from './journal';

let t: TestApp;
let cmpId: number;
let billId: number;
const at = new Date('2026-05-01T02:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  const [room] = await t.db.select().from(rooms).innerJoin(communities, eq(communities.id, rooms.communityId)).limit(1);
  cmpId = room!.rooms.cmpId;
  const [item] = await t.db
    .insert(feeItems)
    .values({ cmpId, itemName: '日志测试费', category: 1, kind: 1 })
    .returning();
  const [std] = await t.db
    .insert(feeStandards)
    .values({ cmpId, itemId: item!.id, communityId: room!.rooms.communityId, standardName: '标准', priceMethod: 3 })
    .returning();
  // The generator's shape: the bills' RETURNING rows feed the 出账 rows in the same statement.
  await t.db.execute(sql`with ins as (
      insert into ${feeBills} (cmp_id, community_id, building_id, room_id, payer_type, payer_id, item_id, standard_id,
        period, period_start, period_end, bill_date, due_date, amount_money, source)
      values (${cmpId}, ${room!.rooms.communityId}, ${room!.rooms.buildingId}, ${room!.rooms.id}, 1, ${room!.rooms.id},
        ${item!.id}, ${std!.id}, '2026-05', '2026-05-01', '2026-05-31', '2026-05-01', '2026-05-16', '223.43', 1)
      returning *
    ) ${billedJournalInsert(sql`ins`, { cmpId, userId: null, at })}`);
  const [bill] = await t.db.select().from(feeBills).where(eq(feeBills.standardId, std!.id));
  billId = bill!.id;
});
afterAll(() => t.close());

describe('fee journal', () => {
  it('the generator statement wrote one 出账 row with the bill place and month', async () => {
    const rows = await t.db.select().from(feeJournal).where(eq(feeJournal.billId, billId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ eventType: 1, amountMoney: '223.43', billMonth: '2026-05', dueDate: '2026-05-16' });
  });

  it('appends signed rows in the caller transaction; the bill equals the sum of its rows', async () => {
    await t.db.transaction(async (tx) => {
      await appendJournal(tx, { cmpId, userId: null, at }, [
        { BillId: billId, EventType: 2, AmountMoney: '-23.43' },
        { BillId: billId, EventType: 3, DiscountMoney: '10.00' },
      ]);
    });
    const [sum] = await t.db
      .select({ a: sql<string>`sum(amount_money)`, d: sql<string>`sum(discount_money)` })
      .from(feeJournal)
      .where(eq(feeJournal.billId, billId));
    expect(sum).toEqual({ a: '200.00', d: '10.00' });
  });

  it("refuses another company's bill and the whole transaction rolls back", async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await appendJournal(tx, { cmpId, userId: null, at }, [{ BillId: billId, EventType: 5, PaidMoney: '1.00' }]);
        await appendJournal(tx, { cmpId: cmpId + 1000, userId: null, at }, [{ BillId: billId, EventType: 5 }]);
      }),
    ).rejects.toThrow(/not found/);
    const paid = await t.db
      .select()
      .from(feeJournal)
      .where(and(eq(feeJournal.billId, billId), eq(feeJournal.eventType, 5)));
    expect(paid).toHaveLength(0);
  });

  it('refuses an unknown event code', async () => {
    await expect(appendJournal(t.db, { cmpId, userId: null, at }, [{ BillId: billId, EventType: 9 }])).rejects.toThrow(
      RangeError,
    );
  });
});
