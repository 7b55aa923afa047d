import { useQueryClient } from '@tanstack/react-query';
import { Tabs } from 'antd';
import { useState } from 'react';
import { invalidateAfterWrite } from '../../../app/query-deps';
import { ui } from '../../../app/ui-bridge';
import { FEE_DESK, type Receipt } from '../api';
import { ReceiptDialog } from '../paycost/receipt-dialog';
import { type ElectricMeterRow, electricApi } from './api';
import { MetersTab } from './meters-tab';
import { RechargeDialog } from './recharge-dialog';
import { RechargesTab } from './recharges-tab';

/**
 * 电表充值 (sfgl_dbcz): prepaid electric meters; 充值 takes the money as a payment with an SF receipt (printed at
 * once, like the desk) and starts 待写表; 写表确认 marks it 已写表 or 写表失败 (retried later).
 */
export default function ElectricPage() {
  const client = useQueryClient();
  const [tab, setTab] = useState('meters');
  const [meterId, setMeterId] = useState<number | undefined>();
  const [topping, setTopping] = useState<ElectricMeterRow | null>(null);
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  return (
    <>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden={false}
        items={[
          {
            key: 'meters',
            label: '电表',
            children: (
              <MetersTab
                onRecharge={setTopping}
                onRecords={(r) => {
                  setMeterId(r.MeterId);
                  setTab('recharges');
                }}
              />
            ),
          },
          {
            key: 'recharges',
            label: '充值记录',
            children: <RechargesTab meterId={meterId} onClearMeter={() => setMeterId(undefined)} />,
          },
        ]}
      />
      <RechargeDialog
        meter={topping}
        onClose={() => setTopping(null)}
        onDone={(r) => {
          ui.toast('success', `充值成功 ${r.ReceiptNo}，${r.Kwh} 度待写表`);
          setTopping(null);
          void invalidateAfterWrite(client, FEE_DESK);
          void electricApi
            .print(r.PaymentId)
            .then(setReceipt)
            .catch(() => undefined);
        }}
      />
      <ReceiptDialog receipt={receipt} onClose={() => setReceipt(null)} />
    </>
  );
}
