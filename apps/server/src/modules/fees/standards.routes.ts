import {
  FEE_CHARGE_MODE,
  FEE_ITEM_KIND,
  FEE_LATE_FEE_UNIT,
  FEE_PRICE_METHOD,
  FEE_ROUND_MODE,
  FeeSetEnabledBody,
  FeeStandardRow,
  FeeStandardSaveBody,
  FeeStandardTrialBody,
  FormulaError,
  feeName,
  priceBill,
  zFlag,
  zId,
  zOptionalText,
} from '@linli/shared';
import { and, asc, eq, ilike, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { audit } from '../../core/audit';
import { call } from '../../core/calls';
import { crudCalls } from '../../core/crud-calls';
import { hasRole } from '../../core/auth';
import { fail, fieldError, forbidden, notFound } from '../../core/errors';
import { likeText, optionalInt } from '../../core/filters';
import { assertCommunity, inScope } from '../../core/scope';
import { communities, feeBills, feeBindings, feeItems, feeStandards } from '../../db/schema';

const bindCount = sql<number>`(select count(*)::int from ${feeBindings} fb where fb.standard_id = ${feeStandards.id} and fb.state = 1)`;

/** 收费标准 of an item in one community (standardaddedit), with 试算. */
export const feeStandardCalls = [
  ...crudCalls({
    path: '/FeeStandard',
    role: 'sfgl_sfxm',
    table: feeStandards,
    entity: 'fee_standard',
    scope: feeStandards.communityId,
    row: FeeStandardRow,
    select: (db) =>
      db
        .select({
          s: feeStandards,
          ItemName: feeItems.itemName,
          Kind: feeItems.kind,
          CommunityName: communities.name,
          BindCount: bindCount,
        })
        .from(feeStandards)
        .innerJoin(feeItems, eq(feeItems.id, feeStandards.itemId))
        .innerJoin(communities, eq(communities.id, feeStandards.communityId))
        .$dynamic(),
    view: ({ s, ...r }) => ({
      Id: s.id,
      ItemId: s.itemId,
      ItemName: r.ItemName,
      Kind: r.Kind,
      KindName: feeName(FEE_ITEM_KIND, r.Kind),
      CommunityId: s.communityId,
      CommunityName: r.CommunityName,
      StandardName: s.standardName,
      PriceMethod: s.priceMethod,
      PriceMethodName: feeName(FEE_PRICE_METHOD, s.priceMethod),
      UnitPrice: s.unitPrice,
      FixedMoney: s.fixedMoney,
      Tiers: s.tiers.map((t) => ({ UpTo: t.UpTo === null ? null : String(t.UpTo), UnitPrice: String(t.UnitPrice) })),
      Formula: s.formula,
      CycleMonths: s.cycleMonths,
      ChargeMode: s.chargeMode,
      ChargeModeName: feeName(FEE_CHARGE_MODE, s.chargeMode),
      BillDay: s.billDay,
      DueDays: s.dueDays,
      ProrateFirst: s.prorateFirst,
      GraceDays: s.graceDays,
      LateFeeRate: s.lateFeeRate,
      LateFeeUnit: s.lateFeeUnit,
      LateFeeUnitName: feeName(FEE_LATE_FEE_UNIT, s.lateFeeUnit),
      LateFeeCapMoney: s.lateFeeCapMoney,
      Decimals: s.decimals,
      RoundMode: s.roundMode,
      RoundModeName: feeName(FEE_ROUND_MODE, s.roundMode),
      AutoDeduct: s.autoDeduct,
      AutoGenerate: s.autoGenerate,
      AutoBindOnHandover: s.autoBindOnHandover,
      IsEnabled: s.isEnabled,
      Remark: s.remark,
      BindCount: r.BindCount,
    }),
    filter: {
      ItemId: optionalInt(),
      CommunityId: optionalInt(),
      Keyword: zOptionalText(50, '关键字'),
      IsEnabled: zFlag().optional(),
    },
    where: (f) => [
      f.ItemId === undefined ? undefined : eq(feeStandards.itemId, f.ItemId),
      f.CommunityId === undefined ? undefined : eq(feeStandards.communityId, f.CommunityId),
      f.Keyword ? ilike(feeStandards.standardName, likeText(f.Keyword)) : undefined,
      f.IsEnabled === undefined ? undefined : eq(feeStandards.isEnabled, f.IsEnabled),
    ],
    sort: { StandardName: feeStandards.standardName, CommunityId: feeStandards.communityId, BindCount: bindCount },
    save: {
      body: FeeStandardSaveBody,
      check: async (b, { tx, auth }) => {
        await assertCommunity(tx, auth, b.CommunityId);
        const [item] = await tx
          .select({ id: feeItems.id })
          .from(feeItems)
          .where(and(eq(feeItems.id, b.ItemId), eq(feeItems.cmpId, auth.cmpId)));
        if (!item) throw fieldError('ItemId', '收费项目不存在');
        const [dup] = await tx
          .select({ id: feeStandards.id })
          .from(feeStandards)
          .where(
            and(
              eq(feeStandards.cmpId, auth.cmpId),
              eq(feeStandards.communityId, b.CommunityId),
              eq(feeStandards.itemId, b.ItemId),
              eq(feeStandards.standardName, b.StandardName),
              ne(feeStandards.id, b.Id),
            ),
          );
        if (dup) throw fieldError('StandardName', '该小区下已有同名收费标准');
        if (b.Id) {
          const [cur] = await tx
            .select({ itemId: feeStandards.itemId, communityId: feeStandards.communityId })
            .from(feeStandards)
            .where(and(eq(feeStandards.id, b.Id), eq(feeStandards.cmpId, auth.cmpId)));
          if (
            cur &&
            (cur.itemId !== b.ItemId || cur.communityId !== b.CommunityId) &&
            (await billed(tx, auth.cmpId, b.Id))
          )
            throw fail('该收费标准已产生账单，不能修改项目或小区');
        }
      },
      values: (b) => ({
        itemId: b.ItemId,
        communityId: b.CommunityId,
        standardName: b.StandardName,
        priceMethod: b.PriceMethod,
        unitPrice: b.UnitPrice,
        fixedMoney: b.FixedMoney,
        tiers: b.PriceMethod === 5 ? b.Tiers : [],
        formula: b.PriceMethod === 6 ? (b.Formula ?? '') : '',
        cycleMonths: b.CycleMonths,
        chargeMode: b.ChargeMode,
        billDay: b.BillDay,
        dueDays: b.DueDays,
        prorateFirst: b.ProrateFirst,
        graceDays: b.GraceDays,
        lateFeeRate: b.LateFeeRate,
        lateFeeUnit: b.LateFeeUnit,
        lateFeeCapMoney: b.LateFeeCapMoney,
        decimals: b.Decimals,
        roundMode: b.RoundMode,
        autoDeduct: b.AutoDeduct,
        autoGenerate: b.AutoGenerate,
        autoBindOnHandover: b.AutoBindOnHandover,
        isEnabled: b.IsEnabled,
        remark: b.Remark ?? '',
      }),
      detail: (b) => ({ StandardName: b.StandardName, PriceMethod: b.PriceMethod, UnitPrice: b.UnitPrice }),
    },
    del: {
      before: async (id, { tx, auth }) => {
        if (await billed(tx, auth.cmpId, id)) throw fail('该收费标准已产生账单，不能删除，可停用');
        const [bound] = await tx
          .select({ id: feeBindings.id })
          .from(feeBindings)
          .where(and(eq(feeBindings.cmpId, auth.cmpId), eq(feeBindings.standardId, id), eq(feeBindings.state, 1)))
          .limit(1);
        if (bound) throw fail('该收费标准已有绑定，请先解绑');
        await tx.delete(feeBindings).where(and(eq(feeBindings.cmpId, auth.cmpId), eq(feeBindings.standardId, id)));
      },
    },
  }),
  call({
    path: '/FeeStandard/SetEnabled',
    role: 'sfgl_sfxm',
    btn: 'edit',
    body: FeeSetEnabledBody,
    okMsg: '操作成功',
    handler: async (b, { deps, auth, ip }) =>
      deps.database.db.transaction(async (tx) => {
        const [r] = await tx
          .update(feeStandards)
          .set({ isEnabled: b.IsEnabled, updatedAt: deps.now() })
          .where(
            and(eq(feeStandards.id, b.Id), eq(feeStandards.cmpId, auth.cmpId), inScope(auth, feeStandards.communityId)),
          )
          .returning({ id: feeStandards.id });
        if (!r) throw notFound();
        await audit(tx, {
          cmpId: auth.cmpId,
          userId: auth.userId,
          action: b.IsEnabled ? 'fee_standard.enable' : 'fee_standard.disable',
          entity: 'fee_standard',
          entityId: b.Id,
          ip,
        });
        return { Id: b.Id };
      }),
  }),
  call({
    path: '/FeeStandard/Trial',
    role: 'sfgl_sfxm',
    reads: true,
    body: FeeStandardTrialBody,
    handler: async (b, { deps, auth }) => {
      let kind = b.Kind;
      if (b.ItemId) {
        const [item] = await deps.database.db
          .select({ kind: feeItems.kind })
          .from(feeItems)
          .where(and(eq(feeItems.id, b.ItemId), eq(feeItems.cmpId, auth.cmpId)));
        if (!item) throw fieldError('ItemId', '收费项目不存在');
        kind = item.kind;
      }
      try {
        const r = priceBill(
          {
            Kind: kind,
            PriceMethod: b.PriceMethod,
            UnitPrice: b.UnitPrice,
            FixedMoney: b.FixedMoney,
            Tiers: b.Tiers,
            Formula: b.Formula ?? '',
            CycleMonths: b.CycleMonths,
            Decimals: b.Decimals,
            RoundMode: b.RoundMode,
          },
          { Area: b.Area, InnerArea: b.InnerArea, Coef: b.Coef, Floor: String(b.Floor), Usage: b.Usage },
        );
        if (r.unpriced) throw fail(`无法计费：${r.unpriced}`);
        return { AmountMoney: r.AmountMoney, Quantity: r.Quantity, Steps: r.Steps };
      } catch (e) {
        if (e instanceof FormulaError) throw fieldError('Formula', e.message);
        throw e;
      }
    },
  }),
  call({
    // The desk's 预缴/临时收费 pick a standard of the room's community: a 收费员 holds 收费台, not 收费项目.
    path: '/FeeStandard/Options',
    reads: true,
    body: z.object({ CommunityId: zId() }),
    handler: async (b, { deps, auth }) => {
      if (!hasRole(auth, 'sfgl_jft') && !hasRole(auth, 'sfgl_sfxm')) throw forbidden();
      return deps.database.db
        .select({
          Id: feeStandards.id,
          StandardName: feeStandards.standardName,
          ItemName: feeItems.itemName,
          Kind: feeItems.kind,
        })
        .from(feeStandards)
        .innerJoin(feeItems, eq(feeItems.id, feeStandards.itemId))
        .where(
          and(
            eq(feeStandards.cmpId, auth.cmpId),
            eq(feeStandards.communityId, b.CommunityId),
            eq(feeStandards.isEnabled, true),
            eq(feeItems.isEnabled, true),
            inScope(auth, feeStandards.communityId),
          ),
        )
        .orderBy(asc(feeItems.itemName), asc(feeStandards.standardName), asc(feeStandards.id));
    },
  }),
];

async function billed(tx: Parameters<typeof audit>[0], cmpId: number, standardId: number): Promise<boolean> {
  const [b] = await tx
    .select({ id: feeBills.id })
    .from(feeBills)
    .where(and(eq(feeBills.cmpId, cmpId), eq(feeBills.standardId, standardId)))
    .limit(1);
  return Boolean(b);
}
