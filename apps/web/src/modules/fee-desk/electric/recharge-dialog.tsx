import { decDiv, decText, fenToMoney } from '@linli/shared';
import { Descriptions, Input, type InputRef, Modal, Select, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { newRequestId } from '../api';
import { fenOr0, TENDER_METHODS } from '../paycost/pay-logic';
import { electricApi, type ElectricMeterRow, type RechargeAnswer } from './api';

// Complete amounts only: '52.' while typing counts as nothing yet.
const MONEY = /^\d{1,6}(\.\d{1,2})?$/;

/** 度数 as the server will count it: 金额 ÷ 电价, 2 decimals, rounded down. */
export function kwhPreview(amount: string, unitPrice: string): string {
  if (!MONEY.test(amount) || fenOr0(amount) <= 0 || !unitPrice) return '';
  return decText(decDiv(amount, unitPrice, 2, 3), 2);
}

/**
 * 充值 of one prepaid meter, keyboard first: the amount has the focus, Tab reaches 支付方式 and 实收, Enter in any
 * field takes the money (one RequestId per opening, so a retried Enter cannot charge twice).
 */
export function RechargeDialog({
  meter,
  onClose,
  onDone,
}: {
  meter: ElectricMeterRow | null;
  onClose(): void;
  onDone(answer: RechargeAnswer): void;
}) {
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState(1);
  const [tendered, setTendered] = useState('');
  const [tradeNo, setTradeNo] = useState('');
  const [busy, setBusy] = useState(false);
  const requestId = useRef(newRequestId());
  const amountRef = useRef<InputRef>(null);
  useEffect(() => {
    if (!meter) return;
    setAmount('');
    setTendered('');
    setTradeNo('');
    setMethod(1);
    requestId.current = newRequestId();
    setTimeout(() => amountRef.current?.focus(), 50);
  }, [meter]);

  const amountFen = MONEY.test(amount) ? fenOr0(amount) : 0;
  // Only cash may be handed over in excess (the change goes back); other methods take the amount itself.
  const tenderedFen = method === 1 && tendered ? fenOr0(tendered) : amountFen;
  const shortFen = amountFen - tenderedFen;
  const kwh = kwhPreview(amount, meter?.UnitPrice ?? '');
  const canPay = amountFen > 0 && shortFen <= 0 && !!kwh && !busy;

  const submit = async () => {
    if (!meter || !canPay) return;
    setBusy(true);
    try {
      const answer = await electricApi.recharge({
        RequestId: requestId.current,
        MeterId: meter.MeterId,
        AmountMoney: amount,
        Tenders: [{ Method: method, AmountMoney: fenToMoney(tenderedFen), TradeNo: tradeNo }],
      });
      onDone(answer);
    } finally {
      setBusy(false);
    }
  };
  const enter = () => void submit().catch(() => undefined);

  return (
    <Modal
      title={`电表充值 ${meter?.RoomName ?? ''}`}
      open={!!meter}
      onCancel={onClose}
      onOk={enter}
      okText="收款并打印 (Enter)"
      okButtonProps={{ disabled: !canPay }}
      confirmLoading={busy}
      destroyOnHidden
      // The receipt dialog opens as this one closes and takes the focus (Enter prints): handing it back to the
      // 充值 button at the end of the fade would steal it.
      focusable={{ focusTriggerAfterClose: false }}
      width={520}
    >
      {meter && (
        <Descriptions
          size="small"
          column={2}
          bordered
          style={{ marginBottom: 16 }}
          items={[
            { key: 'no', label: '表号', children: meter.MeterNo },
            { key: 'owner', label: '业主', children: meter.OwnerName || '—' },
            { key: 'price', label: '电价', children: meter.UnitPrice ? `${meter.UnitPrice} 元/度` : '未绑定电费标准' },
            {
              key: 'bal',
              label: '估算余额',
              children: meter.EstimatedBalanceMoney ? `¥${meter.EstimatedBalanceMoney}` : '—',
            },
          ]}
        />
      )}
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            ref={amountRef}
            aria-label="充值金额"
            addonBefore="充值金额"
            prefix="¥"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value.replace(/[^\d.]/g, ''))}
            onPressEnter={enter}
          />
        </Space.Compact>
        <Typography.Text>
          度数：<Typography.Text strong>{kwh ? `${kwh} 度` : '—'}</Typography.Text>
        </Typography.Text>
        <Space.Compact style={{ width: '100%' }}>
          <Select
            aria-label="支付方式"
            style={{ width: 120 }}
            value={method}
            options={TENDER_METHODS}
            onChange={setMethod}
          />
          {method === 1 ? (
            <Input
              aria-label="实收金额"
              placeholder={amount ? `实收（默认 ${amount}）` : '实收'}
              prefix="¥"
              inputMode="decimal"
              value={tendered}
              onChange={(e) => setTendered(e.target.value.replace(/[^\d.]/g, ''))}
              onPressEnter={enter}
            />
          ) : (
            <Input
              aria-label="交易号"
              placeholder="交易号"
              value={tradeNo}
              onChange={(e) => setTradeNo(e.target.value)}
              onPressEnter={enter}
            />
          )}
        </Space.Compact>
        {shortFen > 0 && tendered && (
          <Typography.Text type="danger">实收金额不足，还差¥{fenToMoney(shortFen)}</Typography.Text>
        )}
        {shortFen < 0 && <Typography.Text>找零 ¥{fenToMoney(-shortFen)}</Typography.Text>}
      </Space>
    </Modal>
  );
}
