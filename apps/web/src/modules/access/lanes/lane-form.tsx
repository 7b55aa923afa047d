import { LaneSaveBody } from '@linli/shared';
import { useQuery } from '@tanstack/react-query';
import { Form } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type FormField, FormPage, useFormDetail, zodRule } from '../../../components/crud';
import { getBuildingOptions, getUnitOptions, useCommunityOptions } from '../../../components/pickers';
import { LANES, type LaneRow, laneGet, laneSave, lotOptions } from '../api';
import { brandOptions, directionOptions, enabledOptions, laneKindOptions } from '../labels';
import { KeyDialog } from './key-dialog';

type Values = Record<string, unknown> & { Kind?: number; CommunityId?: number; BuildingId?: number };
const RULES = [
  'AutoOpenMonthly',
  'AutoOpenFree',
  'TempCar',
  'ExpiredCard',
  'FullDenyTemp',
  'AllowCard',
  'AllowFace',
  'AllowQr',
];
const NEW: Values = {
  Id: 0,
  Kind: 2,
  Direction: 1,
  Brand: '海康',
  HasFace: false,
  Status: 1,
  AutoOpenMonthly: true,
  AutoOpenFree: true,
  TempCar: 1,
  ExpiredCard: 1,
  FullDenyTemp: false,
  AllowCard: true,
  AllowFace: true,
  AllowQr: true,
};
const rule = (name: string) => [zodRule(LaneSaveBody, name)];
const car = (v: Partial<Values>) => v.Kind === 1;

/** roadwayaddedit: 新增车道 (the device key is shown once), or 编辑车道 with `?id=`; 车行 and 人行 rules. */
export default function LaneFormPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  const [form] = Form.useForm<Values>();
  const communityId = Form.useWatch('CommunityId', form);
  const buildingId = Form.useWatch('BuildingId', form);
  const detail = useFormDetail<LaneRow>(LANES, id, laneGet);
  const communities = useCommunityOptions();
  const lots = useQuery({ queryKey: [LANES, 'lots'], queryFn: () => lotOptions() });
  const buildings = useQuery({
    queryKey: ['buildings', 'options', communityId],
    queryFn: () => getBuildingOptions(communityId!),
    enabled: !!communityId,
  });
  const units = useQuery({
    queryKey: ['buildings', 'units', buildingId],
    queryFn: () => getUnitOptions(buildingId!),
    enabled: !!buildingId,
  });
  const [key, setKey] = useState<{ key: string; done(): void } | null>(null);
  const fields = useMemo<FormField<Values>[]>(
    () => [
      {
        name: 'CommunityId',
        label: '小区',
        type: 'select',
        span: 12,
        required: true,
        rules: rule('CommunityId'),
        options: (communities.data ?? []).map((c) => ({ value: c.Id, label: c.Name })),
        section: '基本信息',
      },
      { name: 'Kind', label: '类型', type: 'radio', span: 12, required: true, options: laneKindOptions },
      { name: 'Name', label: '名称', span: 12, required: true, maxLength: 30, rules: rule('Name') },
      { name: 'Direction', label: '方向', type: 'radio', span: 12, required: true, options: directionOptions },
      {
        name: 'LotId',
        label: '车场',
        type: 'select',
        span: 12,
        required: true,
        rules: [{ required: true, message: '车行车道必须选择车场' }],
        options: (lots.data ?? [])
          .filter((l) => !communityId || l.CommunityId === communityId)
          .map((l) => ({ value: l.Id, label: l.Name })),
        hidden: (v) => !car(v),
      },
      { name: 'DeviceSn', label: '设备序列号', span: 12, required: true, maxLength: 50, rules: rule('DeviceSn') },
      { name: 'Brand', label: '品牌', type: 'select', span: 12, options: brandOptions },
      { name: 'HasFace', label: '人脸识别', type: 'switch', span: 12, valuePropName: 'checked' },
      {
        name: 'BuildingId',
        label: '楼宇',
        type: 'select',
        span: 12,
        options: (buildings.data ?? []).map((b) => ({ value: b.Id, label: b.Name })),
        hidden: (v) => car(v),
        extra: '单元门：该单元房屋的卡片自动获得授权',
        props: { allowClear: true },
      },
      {
        name: 'UnitId',
        label: '单元',
        type: 'select',
        span: 12,
        options: (units.data ?? []).map((u) => ({ value: u.Id, label: u.Name })),
        hidden: (v) => car(v),
        props: { allowClear: true },
      },
      { name: 'Status', label: '状态', type: 'radio', span: 12, options: enabledOptions },
      {
        name: 'AutoOpenMonthly',
        label: '月租/产权车自动开闸',
        type: 'switch',
        span: 12,
        valuePropName: 'checked',
        hidden: (v) => !car(v),
        section: '通行规则',
      },
      {
        name: 'AutoOpenFree',
        label: '内部/免费车自动开闸',
        type: 'switch',
        span: 12,
        valuePropName: 'checked',
        hidden: (v) => !car(v),
      },
      {
        name: 'TempCar',
        label: '临时车',
        type: 'radio',
        span: 12,
        options: [
          { value: 1, label: '允许' },
          { value: 2, label: '禁止' },
          { value: 3, label: '岗亭确认' },
        ],
        hidden: (v) => !car(v),
      },
      {
        name: 'ExpiredCard',
        label: '过期月卡',
        type: 'radio',
        span: 12,
        options: [
          { value: 1, label: '按临停' },
          { value: 2, label: '禁止' },
        ],
        hidden: (v) => !car(v),
      },
      {
        name: 'FullDenyTemp',
        label: '车位满禁止临时车',
        type: 'switch',
        span: 12,
        valuePropName: 'checked',
        hidden: (v) => !car(v),
        extra: '黑名单车辆始终禁止通行',
      },
      {
        name: 'AllowCard',
        label: '允许刷卡',
        type: 'switch',
        span: 8,
        valuePropName: 'checked',
        hidden: (v) => car(v),
        section: '通行规则',
      },
      {
        name: 'AllowFace',
        label: '允许人脸',
        type: 'switch',
        span: 8,
        valuePropName: 'checked',
        hidden: (v) => car(v),
      },
      {
        name: 'AllowQr',
        label: '允许二维码',
        type: 'switch',
        span: 8,
        valuePropName: 'checked',
        hidden: (v) => car(v),
      },
    ],
    [communities.data, lots.data, buildings.data, units.data, communityId],
  );
  return (
    <>
      <FormPage<Values, LaneRow>
        form={form}
        id={id}
        detail={detail}
        resource={LANES}
        listPath="/cardmanage/roadwaylist"
        fields={fields}
        blank={NEW}
        title={id ? '编辑车道' : '新增车道'}
        loadError="车道加载失败"
        toValues={(d) =>
          ({
            ...d,
            ...d.Rules,
            LotId: d.LotId ?? undefined,
            BuildingId: d.BuildingId ?? undefined,
            UnitId: d.UnitId ?? undefined,
          }) as Values
        }
        onSave={async (v) => {
          const rules = Object.fromEntries(RULES.map((r) => [r, v[r]]));
          const body = Object.fromEntries(Object.entries(v).filter(([k]) => !RULES.includes(k)));
          const r = await laneSave({ ...body, Id: id, Rules: JSON.stringify(rules) });
          if (r.DeviceKey) await new Promise<void>((done) => setKey({ key: r.DeviceKey!, done }));
          return r;
        }}
      />
      <KeyDialog
        deviceKey={key?.key ?? null}
        laneName={String(form.getFieldValue('Name') ?? '')}
        onClose={() => {
          key?.done();
          setKey(null);
        }}
      />
    </>
  );
}
