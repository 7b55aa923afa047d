import { SMS_LOW_BALANCE } from '@linli/shared';
import { useQuery } from '@tanstack/react-query';
import { Card, Space, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { SMS, smsApi } from './api';

/** 剩余 N 条 with the unit price; `extra` holds the card's own link or button (充值). */
export function BalanceCard({ extra }: { extra?: ReactNode }) {
  const q = useQuery({ queryKey: [SMS, 'balance'], queryFn: smsApi.balance });
  const low = (q.data?.Balance ?? 0) < SMS_LOW_BALANCE;
  return (
    <Card size="small" style={{ marginBottom: 12 }} data-testid="sms-balance">
      <Space size={32} align="center" wrap>
        <Statistic
          title="短信余额"
          value={q.data?.Balance ?? '-'}
          suffix="条"
          loading={q.isLoading}
          styles={{ content: low ? { color: '#cf1322' } : undefined }}
        />
        <Statistic title="单价" value={q.data?.UnitPrice ? Number(q.data.UnitPrice).toFixed(4) : '-'} suffix="元/条" />
        {low && !q.isLoading && (
          <Typography.Text type="danger">余额不足{SMS_LOW_BALANCE}条，请及时充值</Typography.Text>
        )}
        {extra}
      </Space>
    </Card>
  );
}
