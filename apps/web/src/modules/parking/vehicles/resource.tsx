import { VehicleRow, VehicleSaveBody } from '@linli/shared';
import { Tag } from 'antd';
import { type CrudColumn, defineResource, type Option, type SearchField } from '../../../components/crud';
import { PLATE_CHIP, validStateOptions, vehicleStatusOptions, vehicleTypeOptions } from '../shared/options';

/** 车辆管理: the /Vehicle calls; 新增 on vehicle/create, 编辑 on vehicle/addEdit?id=. */
export const vehicles = defineResource({
  name: 'vehicles',
  path: '/Vehicle',
  row: VehicleRow,
  body: VehicleSaveBody,
  title: '车辆',
  listPath: '/car/vehicle',
  formPath: '/car/vehicle/addEdit',
  import: {
    name: '车辆导入',
    templateCall: '/Vehicle/ImportTemplate',
    importCall: '/Vehicle/ImportPreview',
    hint: '按模板填写小区、车场、车牌号、车辆类型、业主手机、车位编号、有效期等（xlsx，不超过5MB、5000行）。每一行按新增车辆的规则检查（车牌、有效期、车位容量、产权车位），上传后先预览每一行的检查结果。',
    preview: {
      previewCall: '/Vehicle/ImportPreview',
      commitCall: '/Vehicle/ImportCommit',
      statusCall: '/Vehicle/ImportStatus',
      errorsCall: '/Vehicle/ImportErrors',
      rowColumns: ['车场名称', '车牌号', '车辆类型', '业主手机', '车位编号', '结束日期'],
      doneText: (r) => `导入成功：新增车辆${r.Count ?? 0}辆${r.Error ? `，${r.Error}行有误未导入` : ''}`,
    },
  },
});

/** The plate on its colour: 蓝/黄/绿/白/黑 chips. */
export function PlateChip({ plate, color, name }: { plate: string; color: number; name?: string }) {
  const c = PLATE_CHIP[color] ?? PLATE_CHIP[1]!;
  return (
    <span
      title={name ? `${name}牌` : undefined}
      data-plate-color={color}
      style={{
        display: 'inline-block',
        padding: '0 6px',
        borderRadius: 3,
        border: `1px solid ${c.border}`,
        background: c.bg,
        color: c.fg,
        fontFamily: 'monospace',
        letterSpacing: 1,
        lineHeight: '20px',
      }}
    >
      {plate}
    </span>
  );
}

/** 剩余天数: ≤7 red, ≤30 orange, lapsed 已过期. */
export function DaysLeft({ days }: { days: number | null }) {
  if (days === null) return null;
  if (days < 0) return <Tag color="default">已过期</Tag>;
  const color = days <= 7 ? '#cf1322' : days <= 30 ? '#d46b08' : undefined;
  return <span style={{ color, fontWeight: color ? 600 : undefined }}>{days}天</span>;
}

const STATUS_COLOR: Record<number, string> = { 1: 'green', 2: 'default', 3: 'red' };

export const vehicleColumns: CrudColumn<VehicleRow>[] = [
  {
    title: '车牌',
    dataIndex: 'Plate',
    sorter: true,
    width: 130,
    fixed: 'left',
    hideable: false,
    render: (_v, r) => <PlateChip plate={r.Plate} color={r.PlateColor} name={r.PlateColorName} />,
  },
  { title: '车主', dataIndex: 'OwnerName', width: 90 },
  { title: '手机', dataIndex: 'OwnerMobile', width: 120 },
  { title: '房屋', dataIndex: 'RoomText', width: 130, ellipsis: true },
  { title: '类型', dataIndex: 'VehicleTypeName', width: 70 },
  { title: '车场', dataIndex: 'LotName', width: 110 },
  { title: '车位', dataIndex: 'SpaceNo', width: 90 },
  {
    title: '有效期',
    dataIndex: 'ValidEnd',
    sorter: true,
    width: 190,
    render: (_v, r) => (r.ValidEnd ? `${r.ValidStart ?? ''} 至 ${r.ValidEnd}` : ''),
  },
  {
    title: '剩余天数',
    dataIndex: 'DaysLeft',
    sorter: true,
    width: 90,
    render: (d: number | null) => <DaysLeft days={d} />,
  },
  {
    title: '状态',
    dataIndex: 'Status',
    width: 80,
    render: (s: number, r) => (
      <Tag color={STATUS_COLOR[s]} title={r.StatusReason || undefined}>
        {r.StatusName}
      </Tag>
    ),
  },
  { title: '在场', dataIndex: 'InLot', width: 60, render: (v: boolean) => (v ? <Tag color="blue">在场</Tag> : '') },
];

export const vehicleSearch = (communities: Option[], lots: Option[]): SearchField[] => [
  { name: 'CommunityId', label: '小区', type: 'select', options: communities, width: 140 },
  { name: 'LotId', label: '车场', type: 'select', options: lots, width: 160 },
  { name: 'Plate', label: '车牌', placeholder: '车牌（包含）', width: 130 },
  { name: 'Keyword', label: '车主/手机', placeholder: '车主姓名或手机', width: 150 },
  { name: 'VehicleType', label: '类型', type: 'select', options: vehicleTypeOptions, width: 100 },
  { name: 'ValidState', label: '月卡', type: 'select', options: validStateOptions, width: 130 },
  { name: 'Status', label: '状态', type: 'select', options: vehicleStatusOptions, width: 100 },
];
