import { useQuery } from '@tanstack/react-query';
import { Badge, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { tabOfQuery } from '../shared/resident-logic';
import { RESIDENTS } from './api';
import { ResidentsTab } from './residents-tab';
import { registrationPendingCount } from './review-api';
import { ReviewTab } from './review-tab';

type Tab = 'residents' | 'review';

/**
 * 住户管理: 住户列表 and 待审核 (badge = PendingCount). `?type=2` — what a MsgType 8 reminder opens — selects
 * 待审核; the page may already be open in a tab, so a new query switches it too.
 */
export default function ResidentListPage() {
  const [search] = useSearchParams();
  const [tab, setTab] = useState<Tab>(() => tabOfQuery(search.get('type')));
  const pending = useQuery({
    queryKey: [RESIDENTS, 'registrations', 'pending'],
    queryFn: registrationPendingCount,
    refetchInterval: 60_000,
  });

  useEffect(() => {
    if (search.get('type')) setTab(tabOfQuery(search.get('type')));
  }, [search]);

  return (
    <Tabs
      activeKey={tab}
      onChange={(k) => setTab(k as Tab)}
      destroyOnHidden={false}
      items={[
        { key: 'residents', label: '住户列表', children: <ResidentsTab /> },
        {
          key: 'review',
          label: (
            <Badge count={pending.data ?? 0} size="small" offset={[8, -2]}>
              待审核
            </Badge>
          ),
          children: <ReviewTab />,
        },
      ]}
    />
  );
}
