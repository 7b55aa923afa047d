import { Tabs } from 'antd';
import { useState } from 'react';
import { DailyTab } from '../daily';
import { ReconcileTab } from '../reconcile';
import { ReportCenter } from './report-center';

/** 收费报表 (sfgl_sfbb): 报表中心, 收费日报 and 对账检查. A tab is built when first shown and kept after. */
export default function ChargeRecPage() {
  const [tab, setTab] = useState('center');
  return (
    <Tabs
      activeKey={tab}
      onChange={setTab}
      destroyOnHidden={false}
      items={[
        { key: 'center', label: '报表中心', children: <ReportCenter /> },
        { key: 'daily', label: '收费日报', children: <DailyTab /> },
        { key: 'reconcile', label: '对账检查', children: <ReconcileTab /> },
      ]}
    />
  );
}
