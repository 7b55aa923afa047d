import { Button, Card, Space, Tabs } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { Auth } from '../../../components/auth';
import { BalanceCard } from '../shared/balance-card';
import { BatchTab } from './batch-tab';
import { SendTab } from './send-tab';
import { SettingsDrawer } from './settings-drawer';
import { TemplateDrawer } from './template-drawer';

/** 短信群发 (dxgl_dxqf): the balance, 群发 and 群发任务; toolbar 模板管理 and 签名与通道. */
export default function SendGroupMsgPage() {
  const [tab, setTab] = useState('send');
  const [drawer, setDrawer] = useState<'template' | 'setting' | null>(null);
  return (
    <div className="page-container">
      <BalanceCard
        extra={
          <Space>
            <Link to="/sms/chargereclist">充值</Link>
            <Auth btn="template">
              <Button onClick={() => setDrawer('template')}>模板管理</Button>
            </Auth>
            <Auth btn="setting">
              <Button onClick={() => setDrawer('setting')}>签名与通道</Button>
            </Auth>
          </Space>
        }
      />
      <Card size="small">
        <Tabs
          activeKey={tab}
          onChange={setTab}
          destroyOnHidden={false}
          items={[
            { key: 'send', label: '群发', children: <SendTab onSent={() => setTab('batches')} /> },
            { key: 'batches', label: '群发任务', children: <BatchTab /> },
          ]}
        />
      </Card>
      <TemplateDrawer open={drawer === 'template'} onClose={() => setDrawer(null)} />
      <SettingsDrawer open={drawer === 'setting'} onClose={() => setDrawer(null)} />
    </div>
  );
}
