import { AccessCardSaveBody, CARD_TYPES } from '@linli/shared';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { XlsxColumn } from '../../core/excel';
import { inScope } from '../../core/scope';
import { communities, lanes } from '../../db/schema';
import { importLookups } from '../parking/import-lookups';
import { importCalls, issuesOf } from '../../core/import-calls';
import { saveCard } from './card-save';
import type { CardView } from './cards-query';

/** The card import's columns, in the order of the export (an export is a valid import file). */
export const CARD_IMPORT_HEADERS = [
  '小区名称',
  '卡号',
  '卡片类型',
  '住户手机',
  '持卡人姓名',
  '持卡人手机',
  '房屋',
  '授权通道',
  '生效日期',
  '到期日期',
] as const;
type Header = (typeof CARD_IMPORT_HEADERS)[number];

const NOTES: Partial<Record<Header, string>> = {
  小区名称: '必填，系统中已有的小区名称',
  卡号: '必填，4-20位数字或字母',
  卡片类型: '必填：业主卡/租户卡/员工卡/临时卡',
  住户手机: '持卡人为住户时填写，按手机号匹配住户',
  持卡人姓名: '无住户时必填',
  房屋: '如：1栋-1单元-101；住户不填时默认其名下房屋',
  授权通道: '必填，该小区的通道名称，多个用、分隔',
  生效日期: '必填，如：2026-01-01',
  到期日期: '必填',
};

export const cardExportColumns: XlsxColumn<CardView>[] = [
  { header: '小区名称', value: (r) => r.CommunityName },
  { header: '卡号', value: (r) => r.CardNo },
  { header: '卡片类型', value: (r) => r.CardTypeName },
  { header: '住户手机', value: (r) => (r.HolderResidentId ? r.HolderMobile : '') },
  { header: '持卡人姓名', value: (r) => (r.HolderResidentId ? '' : r.HolderName) },
  { header: '持卡人手机', value: (r) => (r.HolderResidentId ? '' : r.HolderMobile) },
  { header: '房屋', width: 24, value: (r) => r.RoomText.split('、')[0] ?? '' },
  { header: '授权通道', width: 30, value: (r) => r.LaneNames.join('、') },
  { header: '生效日期', value: (r) => r.ValidFrom },
  { header: '到期日期', value: (r) => r.ValidTo },
  { header: '持卡人', value: (r) => r.HolderName },
  { header: '状态', value: (r) => r.StatusName },
  { header: '发卡时间', width: 20, value: (r) => r.CreateTime },
  { header: '发卡人', value: (r) => r.CreatorName },
];

export const cardImportCalls = importCalls<z.output<typeof AccessCardSaveBody>>({
  controller: 'AccessCard',
  role: 'txgl_kpgl',
  kind: 'card',
  title: '卡片导入模板',
  headers: CARD_IMPORT_HEADERS,
  required: new Set(['小区名称', '卡号', '卡片类型', '授权通道', '生效日期', '到期日期']),
  notes: NOTES,
  async read(tx, auth, sheet) {
    const find = await importLookups(tx, auth, sheet, { mobile: '住户手机', room: '房屋' });
    const laneRows = await tx
      .select({ id: lanes.id, name: lanes.name, communityId: lanes.communityId, community: communities.name })
      .from(lanes)
      .innerJoin(communities, eq(communities.id, lanes.communityId))
      .where(and(eq(lanes.cmpId, auth.cmpId), inScope(auth, lanes.communityId)));
    const communityBy = new Map(laneRows.map((l) => [l.community, l.communityId]));
    const laneBy = new Map(laneRows.map((l) => [`${l.communityId}|${l.name}`, l.id]));
    return sheet.map((r) => {
      const v = r.values as Record<Header, string>;
      const errors: string[] = [];
      const communityId = communityBy.get(v.小区名称);
      if (!communityId) errors.push('小区不存在或没有通道');
      const type = CARD_TYPES.indexOf(v.卡片类型 as (typeof CARD_TYPES)[number]);
      if (type < 1) errors.push('卡片类型不正确');
      const resident = v.住户手机 ? find.resident(v.住户手机) : undefined;
      if (v.住户手机 && !resident) errors.push(`未找到手机号为${v.住户手机}的住户`);
      const room = communityId && v.房屋 ? find.room(communityId, v.房屋) : undefined;
      if (communityId && v.房屋 && !room) errors.push('房屋不存在');
      const names = (v.授权通道 ?? '')
        .split(/[、,，;；]/)
        .map((s) => s.trim())
        .filter(Boolean);
      const laneIds = names.map((n) => laneBy.get(`${communityId}|${n}`));
      if (communityId && laneIds.some((id) => !id)) errors.push('授权通道不存在');
      const parsed = AccessCardSaveBody.safeParse({
        Id: 0,
        CommunityId: communityId ?? 0,
        CardNo: v.卡号,
        CardType: type > 0 ? type : 0,
        HolderKind: resident ? 1 : 3,
        HolderResidentId: resident,
        HolderName: v.持卡人姓名,
        HolderMobile: v.持卡人手机,
        RoomIds: room ? [room] : [],
        LaneIds: laneIds.filter((id): id is number => !!id),
        ValidFrom: v.生效日期,
        ValidTo: v.到期日期,
      });
      // Messages the row's own checks above already gave in the sheet's words are not repeated.
      const said = new Set(['请选择小区', '请选择卡片类型', ...(names.length ? ['请选择授权通道'] : [])]);
      if (!parsed.success) errors.push(...issuesOf(parsed.error).filter((m) => !said.has(m)));
      return errors.length || !parsed.success ? { errors: [...new Set(errors)] } : { body: parsed.data };
    });
  },
  write: (tx, auth, body, now, ip) => saveCard(tx, auth, body, now, ip),
});
