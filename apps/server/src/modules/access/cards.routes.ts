import { AccessCardSaveBody, CardActionBody, CardReissueBody, jsonArray, zId } from '@linli/shared';
import { and, eq, gt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { audit } from '../../core/audit';
import type { Auth } from '../../core/auth';
import { batchedRows } from '../../core/batched-rows';
import { call, saveBtn } from '../../core/calls';
import { todayIn } from '../../core/dates';
import { fail, fieldError, notFound } from '../../core/errors';
import { xlsxExport } from '../../core/excel';
import { listWithCount } from '../../core/list-count';
import { detailMasker, maskMobile } from '../../core/masks';
import { assertCommunity } from '../../core/scope';
import { sortOf } from '../../core/sorting';
import { sqlRows } from '../../core/sql-rows';
import type { Tx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { accessCards } from '../../db/schema';
import { assertCardNoFree, replaceGrants, saveCard, unitDoorLanes, writeCardLog } from './card-save';
import { queueCardTasks } from './card-tasks';
import { cardExportColumns, cardImportCalls } from './card-import';
import { CardFilters, type CardRaw, cardSelect, cardSort, cardView, cardWhere } from './cards-query';

const ROLE = 'txgl_kpgl';
const IdBody = z.object({ Id: zId() });

async function cardOf(db: Tx, auth: Auth, id: number, today: string): Promise<CardRaw> {
  const [r] = await cardSelect(db).where(and(eq(accessCards.id, id), cardWhere(auth, {}, today)));
  if (!r) throw notFound();
  return r;
}

type Action = {
  action: string;
  label: string;
  from: number[];
  to: number;
  op: 'CardAdd' | 'CardDelete';
  refuse: string;
};
const ACTIONS: Record<'Lost' | 'Unlost' | 'Cancel', Action> = {
  Lost: { action: 'lost', label: '挂失', from: [1], to: 2, op: 'CardDelete', refuse: '只有正常的卡片可以挂失' },
  Unlost: { action: 'unlost', label: '解挂', from: [2], to: 1, op: 'CardAdd', refuse: '只有挂失的卡片可以解挂' },
  Cancel: { action: 'cancel', label: '注销', from: [1, 2], to: 3, op: 'CardDelete', refuse: '该卡片已注销' },
};

/** 挂失 ⇄ 解挂 and 注销 (final), each logged and sent to the card's devices. */
export async function setCardStatus(tx: Tx, auth: Auth, id: number, a: Action, reason: string, now: Date, ip: string) {
  const [c] = await tx
    .select({ status: accessCards.status, cardNo: accessCards.cardNo })
    .from(accessCards)
    .where(and(eq(accessCards.id, id), eq(accessCards.cmpId, auth.cmpId)));
  if (!c) throw notFound();
  if (!a.from.includes(c.status)) throw fail(a.refuse);
  // A number freed by 注销 may have been issued again: 解挂 must not make two live cards of one number.
  if (a.to === 1) await assertCardNoFree(tx, auth, c.cardNo, id, 'Id');
  await tx
    .update(accessCards)
    .set({ status: a.to, updatedAt: now })
    .where(and(eq(accessCards.id, id), eq(accessCards.cmpId, auth.cmpId)));
  // A 挂失 card's devices already dropped it: 注销 then needs no second removal.
  if (!(a.to === 3 && c.status === 2)) await queueCardTasks(tx, auth.cmpId, id, a.op);
  await writeCardLog(tx, auth, id, a.label, reason, now);
  await audit(
    tx,
    {
      cmpId: auth.cmpId,
      userId: auth.userId,
      action: `card.${a.action}`,
      entity: 'card',
      entityId: id,
      detail: { CardNo: c.cardNo, Reason: reason },
      ip,
    },
    now,
  );
}

const statusCall = (name: keyof typeof ACTIONS, btn: string) =>
  call({
    path: `/AccessCard/${name}`,
    role: ROLE,
    btn,
    body: CardActionBody,
    okMsg: `${ACTIONS[name].label}成功`,
    handler: async (b, { deps, auth, ip }) => {
      await cardOf(deps.database.db, auth, b.Id, todayIn(deps.now(), auth.timeZone));
      await deps.database.db.transaction((tx) =>
        setCardStatus(tx, auth, b.Id, ACTIONS[name], b.Reason ?? '', deps.now(), ip),
      );
      return null;
    },
  });

const today = (deps: AppDeps, auth: Auth) => todayIn(deps.now(), auth.timeZone);

/** 卡片管理 (txgl_kpgl): 发卡, 挂失/解挂, 注销, 补卡, import and export. */
export const cardCalls = [
  call({
    path: '/AccessCard/List',
    role: ROLE,
    reads: true,
    body: CardFilters,
    handler: (f, { deps, auth }) => {
      const { db } = deps.database;
      const day = today(deps, auth);
      const where = cardWhere(auth, f, day);
      return listWithCount(db, f, {
        table: accessCards,
        where,
        rows: async (p) =>
          (
            await cardSelect(db)
              .where(where)
              .orderBy(...sortOf(f, cardSort, [sql`${accessCards.id} desc`]))
              .limit(p.limit)
              .offset(p.offset)
          ).map((r) => {
            const v = cardView(r, day, auth.timeZone);
            return { ...v, HolderMobile: maskMobile(v.HolderMobile) };
          }),
      });
    },
  }),
  call({
    path: '/AccessCard/Get',
    role: ROLE,
    reads: true,
    body: IdBody,
    handler: async (b, { deps, auth }) => {
      const day = today(deps, auth);
      const v = cardView(await cardOf(deps.database.db, auth, b.Id, day), day, auth.timeZone);
      const logs = await sqlRows<{ action: string; reason: string; created_at: Date; name: string | null }>(
        deps.database.db,
        sql`select l.action, l.reason, l.created_at, u.name from card_logs l left join users u on u.id = l.created_by
          where l.card_id = ${b.Id} and l.cmp_id = ${auth.cmpId} order by l.id desc limit 50`,
      );
      return {
        ...v,
        HolderMobile: detailMasker(auth, ROLE).mobile(v.HolderMobile),
        Logs: logs.map((l) => ({ Action: l.action, Reason: l.reason, Time: l.created_at, UserName: l.name ?? '' })),
      };
    },
  }),
  call({
    path: '/AccessCard/Save',
    role: ROLE,
    btn: saveBtn,
    body: AccessCardSaveBody,
    okMsg: '保存成功',
    handler: async (b, { deps, auth, ip }) =>
      deps.database.db.transaction(async (tx) => ({ Id: await saveCard(tx, auth, b, deps.now(), ip) })),
  }),
  call({
    // 按房屋授权: the unit doors of these rooms and the community's gates (人行 lanes bound to no building).
    path: '/AccessCard/RoomLanes',
    role: ROLE,
    reads: true,
    body: z.object({
      CommunityId: zId(),
      RoomIds: jsonArray(zId(), { max: 50, maxMessage: '最多选择50间房屋' }).default([]),
    }),
    handler: async (b, { deps, auth }) => {
      const { db } = deps.database;
      await assertCommunity(db, auth, b.CommunityId);
      const gates = await sqlRows<{ id: number }>(
        db,
        sql`select id from lanes where cmp_id = ${auth.cmpId} and community_id = ${b.CommunityId} and kind = 2
          and status = 1 and building_id is null and unit_id is null`,
      );
      const doors = await unitDoorLanes(db, auth.cmpId, b.RoomIds);
      return { LaneIds: [...new Set([...gates.map((g) => Number(g.id)), ...doors])] };
    },
  }),
  call({
    // The form's 房屋: the holder's active rooms in the card's community (the default when none is picked).
    path: '/AccessCard/HolderRooms',
    role: ROLE,
    reads: true,
    body: z.object({ ResidentId: zId(), CommunityId: zId() }),
    handler: async (b, { deps, auth }) => {
      const rows = await sqlRows<{ id: number; name: string }>(
        deps.database.db,
        sql`select r.id, r.full_name as name from resident_rooms rr join rooms r on r.id = rr.room_id
          where rr.resident_id = ${b.ResidentId} and rr.cmp_id = ${auth.cmpId} and rr.community_id = ${b.CommunityId}
            and rr.move_out_date is null order by r.id`,
      );
      return rows.map((r) => ({ Id: Number(r.id), Name: r.name }));
    },
  }),
  statusCall('Lost', 'lost'),
  statusCall('Unlost', 'lost'),
  statusCall('Cancel', 'cancel'),
  call({
    path: '/AccessCard/Reissue',
    role: ROLE,
    btn: 'add',
    body: CardReissueBody,
    okMsg: '补卡成功',
    handler: async (b, { deps, auth, ip }) => {
      const day = today(deps, auth);
      const old = await cardOf(deps.database.db, auth, b.Id, day);
      if (old.Status === 3) throw fail('已注销的卡片不能补卡');
      // The lost card's number must stay dead: once it is cancelled it would look free.
      if (b.NewCardNo === old.CardNo) throw fieldError('NewCardNo', '新卡号不能与原卡号相同');
      const now = deps.now();
      return deps.database.db.transaction(async (tx) => {
        await assertCardNoFree(tx, auth, b.NewCardNo, 0, 'NewCardNo');
        await setCardStatus(tx, auth, old.Id, ACTIONS.Cancel, b.Reason || `补卡 ${b.NewCardNo}`, now, ip);
        const [row] = await tx
          .insert(accessCards)
          .values({
            cmpId: auth.cmpId,
            communityId: old.CommunityId,
            cardNo: b.NewCardNo,
            cardType: old.CardType,
            holderKind: old.HolderKind,
            holderResidentId: old.HolderResidentId,
            holderUserId: old.HolderUserId,
            holderName: (old.HolderName ?? '').slice(0, 30),
            holderMobile: (old.HolderMobile ?? '').slice(0, 20),
            validFrom: old.ValidFrom,
            validTo: old.ValidTo,
            status: 1,
            createdAt: now,
            updatedAt: now,
            createdBy: auth.userId,
          })
          .returning({ id: accessCards.id });
        const id = row!.id;
        await tx
          .update(accessCards)
          .set({ replacedById: id })
          .where(and(eq(accessCards.id, old.Id), eq(accessCards.cmpId, auth.cmpId)));
        await replaceGrants(tx, auth, id, (old.RoomIds ?? []).map(Number), (old.LaneIds ?? []).map(Number), now, true);
        await writeCardLog(tx, auth, id, '补卡', `原卡 ${old.CardNo}`, now);
        return { Id: id };
      });
    },
  }),
  call({
    path: '/AccessCard/Export',
    role: ROLE,
    btn: 'export',
    body: CardFilters,
    handler: async (f, { deps, auth }) => {
      const { db } = deps.database;
      const day = today(deps, auth);
      const where = cardWhere(auth, f, day);
      const full = detailMasker(auth, ROLE);
      const batch = async (after: number, size: number) =>
        (
          await cardSelect(db)
            .where(and(where, gt(accessCards.id, after)))
            .orderBy(accessCards.id)
            .limit(size)
        ).map((r) => {
          const v = cardView(r, day, auth.timeZone);
          return { ...v, HolderMobile: full.mobile(v.HolderMobile), id: r.Id };
        });
      return xlsxExport('卡片列表', cardExportColumns, batchedRows(batch));
    },
  }),
  ...cardImportCalls,
];
