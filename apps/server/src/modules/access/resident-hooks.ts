import { sql } from 'drizzle-orm';
import { sqlRows } from '../../core/sql-rows';
import { addHistoryCheck, onResidentMovedOut } from '../residents/resident-events';
import { queueCardTasks } from './card-tasks';

/**
 * The access area in a resident's life (residents/resident-events.ts): a resident who holds cards cannot be deleted
 * ('门禁卡'), and 迁出 with 同时注销门禁卡 cancels the cards the person still holds, telling their devices.
 */
addHistoryCheck(async (tx, cmpId, residentId) => {
  const [r] = await sqlRows<{ one: number }>(
    tx,
    sql`select 1 as one from access_cards where holder_resident_id = ${residentId} and cmp_id = ${cmpId} limit 1`,
  );
  return r ? '门禁卡' : false;
});

onResidentMovedOut(async (tx, e) => {
  if (!e.revokeCards) return;
  const cards = await sqlRows<{ id: number; status: number }>(
    tx,
    sql`update access_cards c set status = 3, updated_at = ${e.now}
      from (select id, status from access_cards where holder_resident_id = ${e.residentId} and cmp_id = ${e.cmpId}
        and status <> 3 for update) old
      where c.id = old.id and c.cmp_id = ${e.cmpId}
      returning c.id, old.status`,
  );
  for (const c of cards) {
    if (Number(c.status) === 1) await queueCardTasks(tx, e.cmpId, Number(c.id), 'CardDelete');
    await tx.execute(sql`insert into card_logs (cmp_id, card_id, action, reason, created_at, updated_at, created_by)
      values (${e.cmpId}, ${c.id}, '注销', '住户迁出', ${e.now}, ${e.now}, ${e.userId})`);
  }
});
