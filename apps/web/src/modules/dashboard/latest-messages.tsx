import { msgTargetUrl, NEWS_PATH } from '@linli/shared';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, List, Skeleton } from 'antd';
import { Link } from 'react-router';
import { requestEnvelope } from '../../app/request';

interface Message {
  Id: number;
  Title: string;
  MsgType: number;
  SourceId?: number | null;
  CreateTime: string;
}

const latestUnread = async () =>
  (await requestEnvelope<Message[]>('/SysMessage/MessageList', { PgIndex: 1, PgSize: 5, IsRead: 0 })).data ?? [];

/** The five newest unread messages; each opens its screen (or the message centre when it has none). */
export function LatestMessages() {
  const { data, isLoading } = useQuery({ queryKey: ['messages', 'latest-unread'], queryFn: latestUnread });
  return (
    <Card title="最新提醒" className="dashboard-section" extra={<Link to={NEWS_PATH}>查看更多</Link>}>
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : !data?.length ? (
        <Empty description="暂无未读提醒" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <List
          size="small"
          dataSource={data}
          renderItem={(m) => (
            <List.Item extra={<span className="latest-time">{m.CreateTime}</span>}>
              <Link to={msgTargetUrl(m.MsgType, m.SourceId) ?? NEWS_PATH}>{m.Title}</Link>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
