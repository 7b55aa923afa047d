import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Select, Space, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { FieldControl } from '../../../components/crud';
import { getBuildingOptions, pickerKeys, useCommunityOptions } from '../../../components/pickers';
import { categoryOptions, useFeeItemOptions } from './api';
import type { CommonFilter, ExtraFilter } from './types';

const W = 180;
// 截止日期 cannot be in the future (the server answers '截止日期不能晚于今天').
const afterToday = (d: Dayjs) => d.isAfter(dayjs(), 'day');

const hasValue = (v: unknown) => v !== undefined && v !== null && v !== '';

/** A filter set by a link: its text, and × to drop it (the next 查询 then covers everything again). */
function HiddenTag({ text, onChange }: { text: string; value?: unknown; onChange?(v: unknown): void }) {
  return (
    <Tag closable onClose={() => onChange?.(undefined)} style={{ marginInlineEnd: 0 }}>
      {text}
    </Tag>
  );
}

/** The one community a 楼栋 choice belongs to: the single 小区, or the only one ticked. */
function oneCommunity(values: Record<string, unknown>): number | undefined {
  if (values.CommunityId) return Number(values.CommunityId);
  const ids = values.CommunityIds;
  return Array.isArray(ids) && ids.length === 1 ? Number(ids[0]) : undefined;
}

/**
 * A report's filter bar: the common filters it declares, in the order of domain/fee-reports.md, then its own.
 * 查询 applies them; 重置 returns to the defaults.
 */
export function ReportFilters({
  filters,
  labels = {},
  extra = [],
  values,
  initial,
  onSearch,
}: {
  filters: readonly CommonFilter[];
  labels?: Partial<Record<CommonFilter, string>>;
  extra?: readonly ExtraFilter[];
  values: Record<string, unknown>;
  initial: Record<string, unknown>;
  onSearch(values: Record<string, unknown>): void;
}) {
  const [form] = Form.useForm();
  useEffect(() => {
    form.setFieldsValue(values);
  }, [form, values]);
  const has = (f: CommonFilter) => filters.includes(f);
  const label = (f: CommonFilter, fallback: string) => labels[f] ?? fallback;
  const communities = useCommunityOptions();
  const communityOptions = (communities.data ?? []).map((c) => ({ value: c.Id, label: c.Name }));
  const items = useFeeItemOptions();
  const watched = (Form.useWatch([], form) ?? values) as Record<string, unknown>;
  const linkTexts = Object.fromEntries(
    extra.filter((f) => f.hidden).map((f) => [`${f.name}Text`, values[`${f.name}Text`]]),
  );
  const communityId = oneCommunity(watched);
  const buildings = useQuery({
    queryKey: pickerKeys.buildings(communityId ?? 0),
    queryFn: () => getBuildingOptions(communityId!),
    enabled: has('building') && !!communityId,
    staleTime: 60_000,
  });
  // A 楼栋 of another community would filter everything out.
  useEffect(() => {
    if (has('building') && !communityId) form.setFieldValue('BuildingId', undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [communityId]);

  return (
    <Form
      form={form}
      layout="inline"
      className="crud-search report-filters"
      initialValues={values}
      // A link's tag text is no field of the form: it rides along with the values.
      onFinish={(v) => onSearch({ ...linkTexts, ...(v as Record<string, unknown>) })}
      role="search"
    >
      {has('communities') && (
        <Form.Item name="CommunityIds" label={label('communities', '小区')}>
          <Select
            mode="multiple"
            aria-label="小区"
            placeholder="全部小区"
            options={communityOptions}
            allowClear
            maxTagCount="responsive"
            showSearch={{ optionFilterProp: 'label' }}
            style={{ minWidth: W }}
          />
        </Form.Item>
      )}
      {has('community') && (
        <Form.Item name="CommunityId" label="小区" rules={[{ required: true, message: '请选择小区' }]}>
          <Select
            aria-label="小区"
            placeholder="请选择小区"
            options={communityOptions}
            showSearch={{ optionFilterProp: 'label' }}
            style={{ minWidth: W }}
          />
        </Form.Item>
      )}
      {has('building') && (
        <Form.Item name="BuildingId" label="楼栋">
          <Select
            aria-label="楼栋"
            placeholder={communityId ? '全部楼栋' : '先选一个小区'}
            disabled={!communityId}
            options={(buildings.data ?? []).map((b) => ({ value: b.Id, label: b.Name }))}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ minWidth: 140 }}
          />
        </Form.Item>
      )}
      {has('items') && (
        <Form.Item name="ItemIds" label={label('items', '收费项目')}>
          <Select
            mode="multiple"
            aria-label={label('items', '收费项目')}
            placeholder="全部项目"
            options={items.data ?? []}
            allowClear
            maxTagCount="responsive"
            showSearch={{ optionFilterProp: 'label' }}
            style={{ minWidth: W }}
          />
        </Form.Item>
      )}
      {has('category') && (
        <Form.Item name="Category" label="类别">
          <Select aria-label="类别" placeholder="全部" options={categoryOptions} allowClear style={{ minWidth: 120 }} />
        </Form.Item>
      )}
      {(has('period') || has('anyPeriod')) && (
        <Form.Item name="Period" label={label('period', '账期')}>
          <DatePicker.RangePicker
            picker="month"
            aria-label="账期"
            allowClear={has('anyPeriod')}
            allowEmpty={has('anyPeriod') ? [true, true] : undefined}
            style={{ width: 220 }}
          />
        </Form.Item>
      )}
      {has('month') && (
        <Form.Item name="Month" label="月份" rules={[{ required: true, message: '请选择月份' }]}>
          <DatePicker picker="month" aria-label="月份" style={{ width: 140 }} />
        </Form.Item>
      )}
      {has('dates') && (
        <Form.Item name="Dates" label={label('dates', '收款日期')}>
          <DatePicker.RangePicker aria-label={label('dates', '收款日期')} allowClear={false} style={{ width: 250 }} />
        </Form.Item>
      )}
      {has('asOf') && (
        <Form.Item name="AsOfDate" label="截止日期">
          <DatePicker aria-label="截止日期" allowClear={false} disabledDate={afterToday} style={{ width: 150 }} />
        </Form.Item>
      )}
      {extra
        .filter((f) => f.hidden && hasValue(watched[f.name]))
        .map((f) => (
          <Form.Item key={f.name} name={f.name} label={f.label}>
            <HiddenTag text={String(values[`${f.name}Text`] ?? watched[f.name])} />
          </Form.Item>
        ))}
      {extra
        .filter((f) => !f.hidden)
        .map((f) => (
          <Form.Item
            key={f.name}
            name={f.name}
            label={f.type === 'checkbox' ? undefined : f.label}
            valuePropName={f.type === 'checkbox' ? 'checked' : 'value'}
          >
            <FieldControl
              field={{
                ...f,
                props: { ...f.props, style: { minWidth: f.type === 'checkbox' ? undefined : (f.width ?? W) } },
              }}
            />
          </Form.Item>
        ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            查询
          </Button>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              const blank = Object.fromEntries(Object.keys(form.getFieldsValue()).map((k) => [k, undefined]));
              form.setFieldsValue({ ...blank, ...initial });
              onSearch(initial);
            }}
          >
            重置
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
