import { useQuery } from '@tanstack/react-query';
import { Badge, Table } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSettingsStore } from '../../app/stores/settings-store';
import { getNotices, messageKeys, type NoticeRow } from './api';

export const NOTICE_DETAIL_PATH = '/news/detail';

/** 系统通知: platform-wide notices; each opens /news/detail?id=N, which marks it read. */
export function NoticeList() {
  const defaultSize = useSettingsStore((s) => s.pageSize);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(defaultSize);
  const { data, isFetching } = useQuery({
    queryKey: messageKeys.notices(page, size),
    queryFn: () => getNotices(page, size),
  });

  return (
    <Table<NoticeRow>
      rowKey="Id"
      loading={isFetching}
      dataSource={data?.rows ?? []}
      scroll={{ x: 480 }}
      locale={{ emptyText: '暂无系统通知' }}
      columns={[
        {
          title: '状态',
          dataIndex: 'IsRead',
          width: 80,
          responsive: ['sm'],
          render: (v: number) =>
            v ? <Badge status="default" text="已读" /> : <Badge status="processing" color="#f5222d" text="未读" />,
        },
        {
          title: '标题',
          dataIndex: 'Title',
          ellipsis: true,
          render: (title: string, n) => (
            <Link className={n.IsRead ? 'news-title' : 'news-title is-unread'} to={`${NOTICE_DETAIL_PATH}?id=${n.Id}`}>
              {title}
            </Link>
          ),
        },
        { title: '发布时间', dataIndex: 'PublishTime', width: 170 },
      ]}
      pagination={{
        current: page,
        pageSize: size,
        total: data?.total ?? 0,
        showSizeChanger: true,
        showTotal: (n) => `共 ${n} 条`,
        onChange: (p, s) => {
          setPage(s === size ? p : 1);
          setSize(s);
        },
      }}
    />
  );
}
