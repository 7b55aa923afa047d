import { type ParkingLotRow, type ParkingLotSaveBody, tariffText } from '@linli/shared';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Form } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Auth } from '../../../components/auth';
import { EditDrawer, type FormField, ResourceList, zodRule } from '../../../components/crud';
import { useCommunityOptions } from '../../../components/pickers';
import { lotTypeOptions } from '../shared/options';
import { lotColumns, lots, lotSearch } from './resource';
import { QuoteBox } from './quote-box';
import { ParkingLotSaveBody as Body } from '@linli/shared';

const rule = (name: keyof ParkingLotSaveBody & string) => [zodRule(Body, name)];
const NEW: Partial<ParkingLotSaveBody> = {
  Id: 0,
  LotType: 1,
  TempEnabled: true,
  FreeMinutes: 15,
  FirstMinutes: 60,
  FirstMoney: '5.00',
  UnitMinutes: 60,
  UnitMoney: '2.00',
  DailyCapMoney: '0.00',
  ExpiredAsTemp: true,
  Status: 1,
};
const minutes = (name: 'FreeMinutes' | 'FirstMinutes' | 'UnitMinutes', label: string, min: number) =>
  ({
    name,
    label,
    type: 'number',
    span: 8,
    rules: rule(name),
    props: { min, max: 1440, precision: 0, addonAfter: '分钟' },
  }) as const;
const money = (name: 'FirstMoney' | 'UnitMoney' | 'DailyCapMoney', label: string, extra?: string) =>
  ({
    name,
    label,
    type: 'number',
    span: 8,
    rules: rule(name),
    extra,
    props: { min: 0, precision: 2, addonAfter: '元' },
  }) as const;

/** 车场管理 (cwcl_ccgl): lots with their figures and 临停标准; 新增/编辑 in a drawer with 试算; 车位 opens the spaces. */
export default function LotListPage() {
  const navigate = useNavigate();
  const communities = useCommunityOptions();
  const communityOptions = useMemo(
    () => (communities.data ?? []).map((c) => ({ value: c.Id, label: c.Name })),
    [communities.data],
  );
  const [editing, setEditing] = useState<ParkingLotRow | 'new' | null>(null);
  const [form] = Form.useForm<ParkingLotSaveBody>();
  const tariff = Form.useWatch([], form) as Partial<ParkingLotSaveBody> | undefined;
  const current = editing && editing !== 'new' ? editing : null;
  const fields: FormField<ParkingLotSaveBody>[] = [
    {
      name: 'CommunityId',
      label: '小区',
      type: 'select',
      options: communityOptions,
      span: 12,
      rules: rule('CommunityId'),
      section: '基本信息',
    },
    { name: 'Name', label: '名称', maxLength: 30, span: 12, rules: rule('Name') },
    { name: 'LotType', label: '类型', type: 'radio', options: lotTypeOptions, span: 12, rules: rule('LotType') },
    {
      name: 'SpaceCount',
      label: '车位总数',
      type: 'number',
      span: 12,
      rules: rule('SpaceCount'),
      props: { min: 1, max: 9999, precision: 0 },
    },
    { name: 'Code', label: '编码', maxLength: 20, span: 12 },
    {
      name: 'Status',
      label: '状态',
      type: 'radio',
      options: [
        { value: 1, label: '启用' },
        { value: 0, label: '停用' },
      ],
      span: 12,
    },
    { name: 'TempEnabled', label: '临停收费', type: 'switch', valuePropName: 'checked', span: 12, section: '临停收费' },
    { name: 'ExpiredAsTemp', label: '过期月卡按临停计费', type: 'switch', valuePropName: 'checked', span: 12 },
    minutes('FreeMinutes', '免费时长', 0),
    minutes('FirstMinutes', '首段时长', 1),
    money('FirstMoney', '首段金额'),
    minutes('UnitMinutes', '计费单位', 1),
    money('UnitMoney', '每单位金额'),
    money('DailyCapMoney', '每日封顶', '0 表示不封顶'),
    {
      name: 'Quote',
      label: '临停标准',
      span: 24,
      section: '试算',
      render: () => <TariffPreview values={tariff} lotId={current?.Id} />,
    },
  ];
  return (
    <>
      <ResourceList
        resource={lots}
        add={false}
        columns={lotColumns}
        searchFields={lotSearch(communityOptions)}
        toolbar={() => (
          <Auth btn="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              新增
            </Button>
          </Auth>
        )}
        actions={[
          { label: '编辑', btn: 'edit', onClick: (r) => setEditing(r) },
          { label: '车位', onClick: (r) => navigate(`/car/place?lotId=${r.Id}`) },
          'delete',
        ]}
      />
      <EditDrawer<ParkingLotSaveBody>
        open={!!editing}
        title={current ? `编辑车场 ${current.Name}` : '新增车场'}
        form={form}
        fields={fields}
        editing={!!current}
        width={720}
        initialValues={current ?? { ...NEW, CommunityId: communityOptions[0]?.value }}
        load={current ? () => lots.get(current.Id) : undefined}
        resource="lots"
        onSubmit={(v) => {
          const { Quote: _q, ...values } = v as ParkingLotSaveBody & { Quote?: unknown };
          return lots.save({ ...values, Id: current?.Id ?? 0 });
        }}
        onClose={() => setEditing(null)}
      />
    </>
  );
}

function TariffPreview({ values, lotId }: { values?: Partial<ParkingLotSaveBody>; lotId?: number }) {
  const text =
    values && values.FirstMoney !== undefined
      ? tariffText({
          TempEnabled: values.TempEnabled ?? true,
          FreeMinutes: Number(values.FreeMinutes ?? 0),
          FirstMinutes: Number(values.FirstMinutes ?? 60),
          FirstMoney: Number(values.FirstMoney ?? 0).toFixed(2),
          UnitMinutes: Number(values.UnitMinutes ?? 60),
          UnitMoney: Number(values.UnitMoney ?? 0).toFixed(2),
          DailyCapMoney: Number(values.DailyCapMoney ?? 0).toFixed(2),
        })
      : '';
  return (
    <div>
      <div style={{ marginBottom: 8 }}>{text}</div>
      <QuoteBox lotId={lotId} />
    </div>
  );
}
