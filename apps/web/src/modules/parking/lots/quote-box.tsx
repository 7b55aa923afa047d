import { Button, DatePicker, Form, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { request } from '../../../app/request';

interface Quote {
  FeeMoney: string;
  DurationMinutes: number;
  DurationText: string;
}

const TARIFF = ['FreeMinutes', 'FirstMinutes', 'FirstMoney', 'UnitMinutes', 'UnitMoney', 'DailyCapMoney'] as const;

/** 试算: in and out times priced by the server's temp-fee function with the tariff as typed (not yet saved). */
export function QuoteBox({ lotId }: { lotId?: number }) {
  const form = Form.useFormInstance();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [quote, setQuote] = useState<Quote | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (!range?.[0] || !range[1]) return;
    const tariff = Object.fromEntries(
      TARIFF.map((k) => [k, form.getFieldValue(k)]).filter(([, v]) => v !== undefined && v !== null && v !== ''),
    );
    setBusy(true);
    try {
      setQuote(
        await request<Quote>('/ParkingLot/Quote', {
          ...(lotId ? { LotId: lotId } : {}),
          ...tariff,
          InTime: range[0].format('YYYY-MM-DD HH:mm:ss'),
          OutTime: range[1].format('YYYY-MM-DD HH:mm:ss'),
        }),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <DatePicker.RangePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          placeholder={['入场时间', '出场时间']}
          value={range}
          onChange={(v) => {
            setRange(v);
            setQuote(null);
          }}
          aria-label="试算时间"
        />
        <Button onClick={run} loading={busy} disabled={!range?.[0] || !range[1]}>
          试算
        </Button>
      </Space>
      {quote && (
        <Typography.Text data-testid="quote-result">
          停车 {quote.DurationText}，应收 <b>{quote.FeeMoney}</b> 元
        </Typography.Text>
      )}
    </Space>
  );
}
