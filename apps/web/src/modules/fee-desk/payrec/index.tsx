import { Tabs } from 'antd';
import { HandoverTab } from './handover-tab';
import { PaymentsTab } from './payments-tab';
import { ReversalsTab } from './reversals-tab';

/** 收款记录 (sfgl_zsdc): 收款单 | 作废退款申请 | 交班记录. */
export default function PayRecPage() {
  return (
    <Tabs
      destroyOnHidden={false}
      items={[
        { key: 'payments', label: '收款单', children: <PaymentsTab /> },
        { key: 'reversals', label: '作废退款申请', children: <ReversalsTab /> },
        { key: 'handover', label: '交班记录', children: <HandoverTab /> },
      ]}
    />
  );
}
