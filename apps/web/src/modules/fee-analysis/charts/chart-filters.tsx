import { DatePicker, Radio, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCommunityOptions } from '../../../components/pickers';

export type Filters = Record<string, unknown>;

/** Which window a chart filters by: 收款日期 (DateFrom–DateTo), 账期 (PeriodFrom–PeriodTo) or none. */
export type WindowKind = 'date' | 'period' | 'none';

const day = (v: unknown) => (typeof v === 'string' && v ? dayjs(v) : null);

/** The filter bar of a chart: 小区 (multi; empty = all the user serves), the window, and 日/月 for the trend. */
export function ChartFilters({
  value,
  onChange,
  window,
  granularity,
}: {
  value: Filters;
  onChange: (next: Filters) => void;
  window: WindowKind;
  granularity?: boolean;
}) {
  const communities = useCommunityOptions();
  const set = (patch: Filters) => onChange({ ...value, ...patch });
  const dates = (range: [Dayjs | null, Dayjs | null] | null, fmt: string, from: string, to: string) =>
    set({ [from]: range?.[0]?.format(fmt), [to]: range?.[1]?.format(fmt) });
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      <span>小区</span>
      <Select
        mode="multiple"
        allowClear
        placeholder="全部小区"
        style={{ minWidth: 220 }}
        maxTagCount="responsive"
        aria-label="小区"
        loading={communities.isLoading}
        options={(communities.data ?? []).map((c) => ({ value: c.Id, label: c.Name }))}
        value={(value.CommunityIds as number[] | undefined) ?? []}
        onChange={(ids: number[]) => set({ CommunityIds: ids })}
      />
      {window === 'date' && (
        <>
          <span>收款日期</span>
          <DatePicker.RangePicker
            aria-label="收款日期"
            allowClear={false}
            value={[day(value.DateFrom), day(value.DateTo)]}
            onChange={(r) => dates(r, 'YYYY-MM-DD', 'DateFrom', 'DateTo')}
          />
        </>
      )}
      {window === 'period' && (
        <>
          <span>账期</span>
          <DatePicker.RangePicker
            picker="month"
            aria-label="账期"
            allowClear={false}
            value={[day(value.PeriodFrom), day(value.PeriodTo)]}
            onChange={(r) => dates(r, 'YYYY-MM', 'PeriodFrom', 'PeriodTo')}
          />
        </>
      )}
      {granularity && (
        <Radio.Group
          optionType="button"
          value={value.Granularity ?? 1}
          options={[
            { value: 1, label: '按日' },
            { value: 2, label: '按月' },
          ]}
          onChange={(e) => set(granularityWindow(Number(e.target.value), value))}
        />
      )}
    </Space>
  );
}

/** 按月 covers the last 12 months to DateTo; 按日 goes back to the last 30 days (the server caps 日 at 92). */
export function granularityWindow(granularity: number, value: Filters): Filters {
  const to = day(value.DateTo) ?? dayjs();
  const from = granularity === 2 ? to.subtract(11, 'month').startOf('month') : to.subtract(29, 'day');
  return { ...value, Granularity: granularity, DateFrom: from.format('YYYY-MM-DD'), DateTo: to.format('YYYY-MM-DD') };
}
