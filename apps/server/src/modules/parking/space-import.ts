import { ParkingSpaceSaveBody, SPACE_STATUS, SPACE_TYPES } from '@linli/shared';
import type { z } from 'zod';
import { importLookups } from './import-lookups';
import { importCalls, issuesOf } from '../../core/import-calls';
import { saveSpace } from './space-save';

/** The space import's columns, in the order of the export. */
export const SPACE_IMPORT_HEADERS = [
  '小区名称',
  '车场名称',
  '车位编号',
  '车位类型',
  '面积',
  '状态',
  '业主手机',
  '房屋',
  '租期开始',
  '租期结束',
] as const;
type Header = (typeof SPACE_IMPORT_HEADERS)[number];

const codeOf = (list: readonly string[], name: string, def: number) => (name ? list.indexOf(name) : def);

export const spaceImportCalls = importCalls<z.output<typeof ParkingSpaceSaveBody>>({
  controller: 'ParkingSpace',
  role: 'cwcl_cwgl',
  kind: 'parking-space',
  title: '车位导入模板',
  headers: SPACE_IMPORT_HEADERS,
  required: new Set(['小区名称', '车场名称', '车位编号']),
  notes: {
    小区名称: '必填，系统中已有的小区名称',
    车场名称: '必填，该小区的车场名称',
    车位编号: '必填，同一车场内不能重复',
    车位类型: '普通/子母/充电，默认普通',
    状态: '空闲/已售/已租/自用，默认空闲',
    业主手机: '已售/已租必填，按手机号匹配住户',
    房屋: '如：1栋-1单元-101，须为业主名下房屋',
    租期开始: '已租必填，如：2026-01-01',
    租期结束: '已租必填',
  },
  async read(tx, auth, sheet) {
    const find = await importLookups(tx, auth, sheet, { mobile: '业主手机', room: '房屋' });
    return sheet.map((r) => {
      const v = r.values as Record<Header, string>;
      const errors: string[] = [];
      const lot = find.lot(v.小区名称, v.车场名称);
      if (!lot) errors.push('车场不存在');
      const type = codeOf(SPACE_TYPES, v.车位类型, 1);
      if (type < 1) errors.push('车位类型不正确');
      const status = codeOf(SPACE_STATUS, v.状态, 1);
      if (status < 1) errors.push('车位状态不正确');
      const owner = v.业主手机 ? find.resident(v.业主手机) : undefined;
      if (v.业主手机 && !owner) errors.push(`未找到手机号为${v.业主手机}的住户`);
      const room = lot && v.房屋 ? find.room(lot.communityId, v.房屋) : undefined;
      if (lot && v.房屋 && !room) errors.push('房屋不存在');
      const parsed = ParkingSpaceSaveBody.safeParse({
        Id: 0,
        LotId: lot?.id ?? 0,
        SpaceNo: v.车位编号,
        SpaceType: type < 1 ? 1 : type,
        Area: v.面积,
        Status: status < 1 ? 1 : status,
        OwnerResidentId: owner,
        RoomId: room,
        RentStart: v.租期开始,
        RentEnd: v.租期结束,
      });
      if (!parsed.success) errors.push(...issuesOf(parsed.error).filter((m) => m !== '请选择车场'));
      return errors.length || !parsed.success ? { errors: [...new Set(errors)] } : { body: parsed.data };
    });
  },
  write: (tx, auth, body, now, ip) => saveSpace(tx, auth, body, now, ip),
});
