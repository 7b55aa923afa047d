import { Card, Tabs } from 'antd';
import { useState } from 'react';
import type { ReadFilter } from './api';
import { MessageList } from './message-list';
import { NoticeList } from './notice-list';
import './messages.css';

type TabKey = ReadFilter | 'notices';

const TABS: { key: TabKey; label: string }[] = [
  { key: 'all', label: '全部' },
  { key: 'unread', label: '未读' },
  { key: 'read', label: '已读' },
  { key: 'notices', label: '系统通知' },
];

/**
 * 消息中心 (/news/index, kept alive by the catalog): the person's messages by read state, and the system notices.
 * Each tab keeps its own filter and page while the others are shown.
 */
export default function NewsPage() {
  const [tab, setTab] = useState<TabKey>('all');
  return (
    <Card className="news-page">
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        destroyOnHidden={false}
        items={TABS.map(({ key, label }) => ({
          key,
          label,
          children: key === 'notices' ? <NoticeList /> : <MessageList read={key} />,
        }))}
      />
    </Card>
  );
}
