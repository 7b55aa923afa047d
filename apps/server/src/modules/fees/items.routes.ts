import {
  FEE_CATEGORY,
  FEE_ITEM_KIND,
  FEE_PAYER_TYPE,
  FeeItemRow,
  FeeItemSaveBody,
  FeeSetEnabledBody,
  feeName,
  zOptionalText,
} from '@linli/shared';
import { and, eq, ilike, inArray, sql } from 'drizzle-orm';
import { audit } from '../../core/audit';
import { call } from '../../core/calls';
import { crudCalls } from '../../core/crud-calls';
import { fail, notFound } from '../../core/errors';
import { likeText, optionalInt } from '../../core/filters';
import { fmtTime } from '../../core/time';
import { feeBills, feeBindings, feeItems, feeStandards } from '../../db/schema';
import { zFlag } from '@linli/shared';

// Spelled out: drizzle leaves a single-table select's columns unqualified, which inside the sub-select would mean s.id.
const standardCount = sql<number>`(select count(*)::int from ${feeStandards} s where s.item_id = fee_items.id)`;

/** 收费项目 (sfgl_sfxm): items are the company's; their standards are per community (standards.routes.ts). */
export const feeItemCalls = [
  ...crudCalls({
    path: '/FeeItem',
    role: 'sfgl_sfxm',
    table: feeItems,
    entity: 'fee_item',
    row: FeeItemRow,
    select: (db) =>
      db
        .select({
          Id: feeItems.id,
          ItemName: feeItems.itemName,
          Category: feeItems.category,
          Kind: feeItems.kind,
          PayerType: feeItems.payerType,
          IsEnabled: feeItems.isEnabled,
          Remark: feeItems.remark,
          StandardCount: standardCount,
          createdAt: feeItems.createdAt,
        })
        .from(feeItems)
        .$dynamic(),
    view: ({ createdAt, ...r }) => ({
      ...r,
      CategoryName: feeName(FEE_CATEGORY, r.Category),
      KindName: feeName(FEE_ITEM_KIND, r.Kind),
      PayerTypeName: feeName(FEE_PAYER_TYPE, r.PayerType),
      CreateTime: fmtTime(createdAt),
    }),
    filter: {
      Keyword: zOptionalText(50, '关键字'),
      Category: optionalInt(),
      Kind: optionalInt(),
      IsEnabled: zFlag().optional(),
    },
    where: (f) => [
      f.Keyword ? ilike(feeItems.itemName, likeText(f.Keyword)) : undefined,
      f.Category === undefined ? undefined : eq(feeItems.category, f.Category),
      f.Kind === undefined ? undefined : eq(feeItems.kind, f.Kind),
      f.IsEnabled === undefined ? undefined : eq(feeItems.isEnabled, f.IsEnabled),
    ],
    sort: { ItemName: feeItems.itemName, Category: feeItems.category, StandardCount: standardCount },
    save: {
      body: FeeItemSaveBody,
      unique: { column: feeItems.itemName, field: 'ItemName', message: '收费项目名称已存在' },
      check: async (b, { tx, auth }) => {
        if (!b.Id) return;
        // Bills keep their item's kind and payer: those two are fixed once the item has billed.
        const [cur] = await tx
          .select({ kind: feeItems.kind, payerType: feeItems.payerType })
          .from(feeItems)
          .where(and(eq(feeItems.id, b.Id), eq(feeItems.cmpId, auth.cmpId)));
        if (cur && (cur.kind !== b.Kind || cur.payerType !== b.PayerType) && (await hasBills(tx, auth.cmpId, b.Id)))
          throw fail('该收费项目已产生账单，不能修改类型或缴费对象');
      },
      values: (b) => ({
        itemName: b.ItemName,
        category: b.Category,
        kind: b.Kind,
        payerType: b.PayerType,
        isEnabled: b.IsEnabled,
        remark: b.Remark ?? '',
      }),
      detail: (b) => ({ ItemName: b.ItemName }),
    },
    del: {
      // An item that billed stays (its bills and journal name it); it can be disabled instead.
      before: async (id, { tx, auth }) => {
        if (await hasBills(tx, auth.cmpId, id)) throw fail('该收费项目已产生账单，不能删除，可停用');
        const stds = tx.select({ id: feeStandards.id }).from(feeStandards).where(eq(feeStandards.itemId, id));
        await tx
          .delete(feeBindings)
          .where(and(eq(feeBindings.cmpId, auth.cmpId), inArray(feeBindings.standardId, stds)));
        await tx.delete(feeStandards).where(and(eq(feeStandards.cmpId, auth.cmpId), eq(feeStandards.itemId, id)));
      },
    },
    export: {
      title: '收费项目',
      columns: [
        { header: '项目名称', value: (r) => r.ItemName },
        { header: '类别', value: (r) => r.CategoryName },
        { header: '类型', value: (r) => r.KindName },
        { header: '缴费对象', value: (r) => r.PayerTypeName },
        { header: '标准数', value: (r) => r.StandardCount },
        { header: '状态', value: (r) => (r.IsEnabled ? '启用' : '停用') },
      ],
    },
  }),
  call({
    path: '/FeeItem/SetEnabled',
    role: 'sfgl_sfxm',
    btn: 'edit',
    body: FeeSetEnabledBody,
    okMsg: '操作成功',
    handler: async (b, { deps, auth, ip }) =>
      deps.database.db.transaction(async (tx) => {
        const [r] = await tx
          .update(feeItems)
          .set({ isEnabled: b.IsEnabled, updatedAt: deps.now() })
          .where(and(eq(feeItems.id, b.Id), eq(feeItems.cmpId, auth.cmpId)))
          .returning({ id: feeItems.id });
        if (!r) throw notFound();
        await audit(tx, {
          cmpId: auth.cmpId,
          userId: auth.userId,
          action: b.IsEnabled ? 'fee_item.enable' : 'fee_item.disable',
          entity: 'fee_item',
          entityId: b.Id,
          ip,
        });
        return { Id: b.Id };
      }),
  }),
];

async function hasBills(tx: Parameters<typeof audit>[0], cmpId: number, itemId: number): Promise<boolean> {
  const [b] = await tx
    .select({ id: feeBills.id })
    .from(feeBills)
    .where(and(eq(feeBills.cmpId, cmpId), eq(feeBills.itemId, itemId)))
    .limit(1);
  return Boolean(b);
}
