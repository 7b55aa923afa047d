import { FeeStandardSaveBody } from '@linli/shared';
import { Button, Card, Form, InputNumber, Space } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type FormField, ResourceForm, zodRule } from '../../../components/crud';
import { useCommunityOptions } from '../../../components/pickers';
import { feeItems, feeStandards, OPTIONS } from '../api';
import { TrialPanel } from './trial-panel';

type V = FeeStandardSaveBody;
const rule = (name: keyof V & string) => [zodRule(FeeStandardSaveBody, name)];
const method =
  (...m: number[]) =>
  (v: Partial<V>) =>
    !m.includes(Number(v.PriceMethod));

/** 阶梯: bands with a cumulative upper bound, the last one open. */
function TiersEditor() {
  return (
    <Form.List name="Tiers">
      {(rows, { add, remove }) => (
        <>
          {rows.map((r, i) => (
            <Space key={r.key} align="baseline">
              <span>第{i + 1}档 上限</span>
              <Form.Item name={[r.name, 'UpTo']} noStyle>
                <InputNumber
                  min={0}
                  placeholder={i === rows.length - 1 ? '最后一档不设上限' : '上限'}
                  style={{ width: 150 }}
                />
              </Form.Item>
              <span>单价</span>
              <Form.Item name={[r.name, 'UnitPrice']} noStyle>
                <InputNumber min={0} precision={4} style={{ width: 130 }} />
              </Form.Item>
              <MinusCircleOutlined onClick={() => remove(r.name)} />
            </Space>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add({ UpTo: null, UnitPrice: null })}
            style={{ marginTop: 8 }}
          >
            添加一档
          </Button>
        </>
      )}
    </Form.List>
  );
}

/** standardaddedit: a standard of an item in a community, every PriceMethod, late fee, rounding, flags and 试算. */
export default function FeeStandardFormPage() {
  const [search] = useSearchParams();
  const itemId = Number(search.get('itemId') ?? 0) || undefined;
  const communities = useCommunityOptions();
  const items = useQuery({
    queryKey: ['fee-items', 'options'],
    queryFn: () => feeItems.list({ PgIndex: 1, PgSize: 500 }),
  });
  const blank = useMemo<Partial<V>>(
    () => ({
      Id: 0,
      ItemId: itemId,
      PriceMethod: 1,
      CycleMonths: 1,
      ChargeMode: 1,
      BillDay: 1,
      DueDays: 15,
      GraceDays: 0,
      LateFeeRate: '0',
      LateFeeUnit: 1,
      LateFeeCapMoney: '0',
      Decimals: 2,
      RoundMode: 1,
      Tiers: [],
      IsEnabled: true,
    }),
    [itemId],
  );
  const fields = useMemo<FormField<V>[]>(
    () => [
      {
        name: 'ItemId',
        label: '收费项目',
        type: 'select',
        section: '基本信息',
        span: 8,
        required: true,
        options: (items.data?.data ?? []).map((i) => ({ value: i.Id, label: i.ItemName })),
      },
      {
        name: 'CommunityId',
        label: '小区',
        type: 'select',
        span: 8,
        required: true,
        options: (communities.data ?? []).map((c) => ({ value: c.Id, label: c.Name })),
      },
      { name: 'StandardName', label: '标准名称', maxLength: 30, span: 8, required: true, rules: rule('StandardName') },
      {
        name: 'PriceMethod',
        label: '计价方式',
        type: 'radio',
        options: OPTIONS.priceMethod,
        span: 24,
        section: '计价',
      },
      {
        name: 'UnitPrice',
        label: '单价（元）',
        type: 'number',
        span: 8,
        props: { min: 0, precision: 4 },
        hidden: method(1, 2, 4, 6),
        rules: rule('UnitPrice'),
      },
      {
        name: 'FixedMoney',
        label: '固定金额（元）',
        type: 'number',
        span: 8,
        props: { min: 0, precision: 2 },
        hidden: method(3),
        rules: rule('FixedMoney'),
      },
      {
        name: 'Formula',
        label: '计费公式',
        span: 16,
        hidden: method(6),
        placeholder: '如 area*0.15*coef；变量 area inner coef floor usage price，函数 min max round if',
        rules: rule('Formula'),
      },
      { name: 'Tiers', label: '阶梯', span: 24, hidden: method(5), render: () => <TiersEditor /> },
      { name: 'CycleMonths', label: '计费周期', type: 'select', options: OPTIONS.cycle, span: 6, section: '出账' },
      { name: 'ChargeMode', label: '收费方式', type: 'radio', options: OPTIONS.chargeMode, span: 6 },
      { name: 'BillDay', label: '出账日', type: 'number', span: 6, props: { min: 1, max: 28 }, rules: rule('BillDay') },
      {
        name: 'DueDays',
        label: '缴费期限（天）',
        type: 'number',
        span: 6,
        props: { min: 0, max: 365 },
        rules: rule('DueDays'),
      },
      { name: 'ProrateFirst', label: '首期按天折算', type: 'switch', span: 6, valuePropName: 'checked' },
      { name: 'GraceDays', label: '宽限天数', type: 'number', span: 6, section: '滞纳金', props: { min: 0, max: 365 } },
      {
        name: 'LateFeeRate',
        label: '滞纳金比例',
        type: 'number',
        span: 6,
        props: { min: 0, precision: 4 },
        rules: rule('LateFeeRate'),
      },
      { name: 'LateFeeUnit', label: '单位', type: 'radio', options: OPTIONS.lateFeeUnit, span: 6 },
      {
        name: 'LateFeeCapMoney',
        label: '滞纳金上限（0为不设）',
        type: 'number',
        span: 6,
        props: { min: 0, precision: 2 },
      },
      {
        name: 'Decimals',
        label: '保留小数',
        type: 'select',
        options: [0, 1, 2].map((v) => ({ value: v, label: `${v}位` })),
        span: 6,
        section: '取整',
      },
      { name: 'RoundMode', label: '取整方式', type: 'radio', options: OPTIONS.roundMode, span: 10 },
      { name: 'AutoDeduct', label: '预存自动抵扣', type: 'switch', span: 6, valuePropName: 'checked', section: '选项' },
      { name: 'AutoGenerate', label: '自动出账', type: 'switch', span: 6, valuePropName: 'checked' },
      { name: 'AutoBindOnHandover', label: '交房自动绑定', type: 'switch', span: 6, valuePropName: 'checked' },
      { name: 'IsEnabled', label: '启用', type: 'switch', span: 6, valuePropName: 'checked' },
      { name: 'Remark', label: '备注', type: 'textarea', maxLength: 200, span: 24 },
    ],
    [items.data, communities.data],
  );
  return (
    <ResourceForm resource={feeStandards} fields={fields} blank={blank} formProps={{ style: { maxWidth: 1100 } }}>
      <Card size="small" title="试算" style={{ maxWidth: 1100, marginTop: 8 }}>
        <TrialPanel />
      </Card>
    </ResourceForm>
  );
}
