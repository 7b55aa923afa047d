import { Button, Checkbox, Descriptions, Input, type InputRef, Radio, Select, Space, Typography } from 'antd';
import { type RefObject, useEffect } from 'react';
import type { Tender } from '../api';
import { type PayTotals, TENDER_METHODS, yuan } from './pay-logic';

interface Props {
  totals: PayTotals;
  tenders: Tender[];
  setTenders(t: Tender[]): void;
  usePrepaid: boolean;
  setUsePrepaid(v: boolean): void;
  hasPrepaid: boolean;
  overpayTo: 1 | 2;
  setOverpayTo(v: 1 | 2): void;
  busy: boolean;
  canPay: boolean;
  onPay(): void;
  amountRef: RefObject<InputRef | null>;
}

/**
 * 收款: 应收, 滞纳金, 预存抵扣, 应付, up to 3 tenders and what happens to the excess. Enter in an amount pays;
 * F6 toggles 预存抵扣, F8 adds a tender, F9 pays.
 */
export function PayPanel(p: Props) {
  const { totals } = p;
  const excess = -totals.shortFen;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F6' && p.hasPrepaid) {
        e.preventDefault();
        p.setUsePrepaid(!p.usePrepaid);
      } else if (e.key === 'F8' && p.tenders.length < 3) {
        e.preventDefault();
        p.setTenders([...p.tenders, { Method: 2, AmountMoney: '' }]);
      } else if (e.key === 'F9') {
        e.preventDefault();
        if (p.canPay) p.onPay();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [p]);

  const setTender = (i: number, t: Partial<Tender>) =>
    p.setTenders(p.tenders.map((x, j) => (j === i ? { ...x, ...t } : x)));

  return (
    <div className="fee-pay-panel">
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          { key: 'due', label: '应收', children: `¥${yuan(totals.principalFen)}` },
          { key: 'late', label: '滞纳金', children: `¥${yuan(totals.lateFen)}` },
          { key: 'prepaid', label: '预存抵扣', children: `¥${yuan(totals.prepaidFen)}` },
          {
            key: 'payable',
            label: '应付',
            children: (
              <Typography.Text strong style={{ fontSize: 18 }}>{`¥${yuan(totals.payableFen)}`}</Typography.Text>
            ),
          },
        ]}
      />
      <Checkbox
        style={{ margin: '8px 0' }}
        checked={p.usePrepaid}
        disabled={!p.hasPrepaid}
        onChange={(e) => p.setUsePrepaid(e.target.checked)}
      >
        使用预存款抵扣 (F6)
      </Checkbox>
      {p.tenders.map((t, i) => (
        // Tenders have no identity but their place; they are only appended or removed from the end.
        <Space.Compact key={i} style={{ width: '100%', marginBottom: 6 }}>
          <Select
            aria-label={`支付方式${i + 1}`}
            style={{ width: 110 }}
            value={t.Method}
            options={TENDER_METHODS}
            onChange={(v) => setTender(i, { Method: v })}
          />
          <Input
            aria-label={`收款金额${i + 1}`}
            ref={i === 0 ? p.amountRef : undefined}
            prefix="¥"
            inputMode="decimal"
            value={t.AmountMoney}
            onChange={(e) => setTender(i, { AmountMoney: e.target.value.replace(/[^\d.]/g, '') })}
            onPressEnter={() => p.canPay && p.onPay()}
          />
          {t.Method !== 1 && (
            <Input
              aria-label={`交易号${i + 1}`}
              placeholder="交易号"
              value={t.TradeNo ?? ''}
              onChange={(e) => setTender(i, { TradeNo: e.target.value })}
            />
          )}
          {i > 0 && (
            <Button onClick={() => p.setTenders(p.tenders.filter((_, j) => j !== i))} aria-label="删除支付方式">
              ×
            </Button>
          )}
        </Space.Compact>
      ))}
      {p.tenders.length < 3 && (
        <Button
          size="small"
          type="dashed"
          block
          onClick={() => p.setTenders([...p.tenders, { Method: 2, AmountMoney: '' }])}
        >
          增加支付方式 (F8)
        </Button>
      )}
      <div style={{ margin: '10px 0' }}>
        {totals.shortFen > 0 && totals.tenderedFen > 0 && (
          <Typography.Text type="danger">实收金额不足，还差¥{yuan(totals.shortFen)}</Typography.Text>
        )}
        {excess > 0 && (
          <Space direction="vertical" size={4}>
            <Typography.Text>多收 ¥{yuan(excess)}</Typography.Text>
            <Radio.Group value={p.overpayTo} onChange={(e) => p.setOverpayTo(e.target.value as 1 | 2)}>
              <Radio value={1} disabled={totals.nonCashOver}>
                找零 ¥{yuan(excess)}
              </Radio>
              <Radio value={2}>转预存</Radio>
            </Radio.Group>
            {totals.nonCashOver && <Typography.Text type="warning">非现金多收金额只能转入预存款</Typography.Text>}
          </Space>
        )}
      </div>
      <Button type="primary" size="large" block loading={p.busy} disabled={!p.canPay} onClick={p.onPay}>
        收款 (F9)
      </Button>
    </div>
  );
}
