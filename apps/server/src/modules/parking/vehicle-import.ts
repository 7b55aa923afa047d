import { type VehicleRow, PLATE_COLORS, VEHICLE_TYPES, VehicleSaveBody } from '@linli/shared';
import type { z } from 'zod';
import type { XlsxColumn } from '../../core/excel';
import { importLookups } from './import-lookups';
import { importCalls, issuesOf } from '../../core/import-calls';
import { saveVehicle } from './vehicle-save';

/** The vehicle import's columns, in the order of the export (an export is a valid import file). */
export const VEHICLE_IMPORT_HEADERS = [
  '小区名称',
  '车场名称',
  '车牌号',
  '车牌颜色',
  '车辆类型',
  '业主手机',
  '车主姓名',
  '车主手机',
  '房屋',
  '车位编号',
  '开始日期',
  '结束日期',
  '品牌',
  '颜色',
] as const;
type Header = (typeof VEHICLE_IMPORT_HEADERS)[number];

const NOTES: Partial<Record<Header, string>> = {
  小区名称: '必填，系统中已有的小区名称',
  车场名称: '必填，该小区的车场名称',
  车牌号: '必填，如：粤B12345，新能源8位',
  车牌颜色: '蓝/黄/绿/白/黑，默认8位为绿、其他为蓝',
  车辆类型: '必填：月租/产权/临时/内部/免费',
  业主手机: '月租车、产权车必填，按手机号匹配住户',
  车主姓名: '无业主时可填',
  房屋: '如：1栋-1单元-101，须为业主名下房屋',
  车位编号: '该车场的车位编号',
  开始日期: '月租车必填，如：2026-01-01',
  结束日期: '月租车必填',
};

type Exported = z.input<typeof VehicleRow>;

export const vehicleExportColumns: XlsxColumn<Exported>[] = [
  { header: '小区名称', value: (r) => r.CommunityName },
  { header: '车场名称', value: (r) => r.LotName },
  { header: '车牌号', value: (r) => r.Plate },
  { header: '车牌颜色', value: (r) => r.PlateColorName },
  { header: '车辆类型', value: (r) => r.VehicleTypeName },
  { header: '业主手机', value: (r) => (r.OwnerResidentId ? r.OwnerMobile : '') },
  { header: '车主姓名', value: (r) => (r.OwnerResidentId ? '' : r.OwnerName) },
  { header: '车主手机', value: (r) => (r.OwnerResidentId ? '' : r.OwnerMobile) },
  { header: '房屋', value: (r) => r.RoomText },
  { header: '车位编号', value: (r) => r.SpaceNo },
  { header: '开始日期', value: (r) => r.ValidStart ?? '' },
  { header: '结束日期', value: (r) => r.ValidEnd ?? '' },
  { header: '品牌', value: (r) => r.Brand },
  { header: '颜色', value: (r) => r.Color },
  { header: '业主', value: (r) => (r.OwnerResidentId ? r.OwnerName : '') },
  { header: '剩余天数', value: (r) => r.DaysLeft ?? '' },
  { header: '状态', value: (r) => r.StatusName },
  { header: '在场', value: (r) => (r.InLot ? '是' : '否') },
];

const codeOf = (list: readonly string[], name: string) => (name ? list.indexOf(name) : undefined);

export const vehicleImportCalls = importCalls<z.output<typeof VehicleSaveBody>>({
  controller: 'Vehicle',
  role: 'cwcl_clgl',
  kind: 'vehicle',
  title: '车辆导入模板',
  headers: VEHICLE_IMPORT_HEADERS,
  required: new Set(['小区名称', '车场名称', '车牌号', '车辆类型']),
  notes: NOTES,
  async read(tx, auth, sheet) {
    const find = await importLookups(tx, auth, sheet, { mobile: '业主手机', room: '房屋', space: '车位编号' });
    return sheet.map((r) => {
      const v = r.values as Record<Header, string>;
      const errors: string[] = [];
      const lot = find.lot(v.小区名称, v.车场名称);
      if (!lot) errors.push('车场不存在');
      const color = codeOf(PLATE_COLORS, v.车牌颜色);
      if (color === 0 || color === -1) errors.push('车牌颜色不正确');
      const type = codeOf(VEHICLE_TYPES, v.车辆类型);
      if (!type || type < 1) errors.push('车辆类型不正确');
      const owner = v.业主手机 ? find.resident(v.业主手机) : undefined;
      if (v.业主手机 && !owner) errors.push(`未找到手机号为${v.业主手机}的住户`);
      const room = lot && v.房屋 ? find.room(lot.communityId, v.房屋) : undefined;
      if (lot && v.房屋 && !room) errors.push('房屋不存在');
      const space = lot && v.车位编号 ? find.space(lot.id, v.车位编号) : undefined;
      if (lot && v.车位编号 && !space) errors.push('车位不存在');
      const parsed = VehicleSaveBody.safeParse({
        Id: 0,
        LotId: lot?.id ?? 0,
        Plate: v.车牌号,
        PlateColor: color && color > 0 ? color : undefined,
        VehicleType: type && type > 0 ? type : 0,
        OwnerResidentId: owner,
        OwnerName: v.车主姓名,
        OwnerMobile: v.车主手机,
        RoomId: room,
        SpaceId: space,
        ValidStart: v.开始日期,
        ValidEnd: v.结束日期,
        Brand: v.品牌,
        Color: v.颜色,
      });
      if (!parsed.success)
        errors.push(...issuesOf(parsed.error).filter((m) => m !== '请选择车场' && m !== '请选择车辆类型'));
      return errors.length || !parsed.success ? { errors: [...new Set(errors)] } : { body: parsed.data };
    });
  },
  write: (tx, auth, body, now, ip) => saveVehicle(tx, auth, body, now, ip),
});
