import { ArrowLeftOutlined } from '@ant-design/icons';
import { NEWS_PATH } from '@linli/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Empty, Skeleton, Typography } from 'antd';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { getNotice, messageKeys } from './api';
import './messages.css';

/** /news/detail?id=N: one system notice. Reading it marks it read, so the notice list is refreshed. */
export default function NoticeDetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const queryClient = useQueryClient();
  const { data, isLoading, isError } = useQuery({
    queryKey: messageKeys.notice(id),
    queryFn: () => getNotice(id),
    enabled: valid,
  });

  useEffect(() => {
    if (data) void queryClient.invalidateQueries({ queryKey: [...messageKeys.all, 'notices'] });
  }, [data, queryClient]);

  return (
    <Card
      className="news-detail"
      title="系统通知"
      extra={
        <Link to={NEWS_PATH}>
          <ArrowLeftOutlined /> 返回消息中心
        </Link>
      }
    >
      {!valid || isError ? (
        <Empty description="通知不存在或已删除" />
      ) : isLoading || !data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <article>
          <Typography.Title level={3} className="news-detail-title">
            {data.Title}
          </Typography.Title>
          <Typography.Paragraph type="secondary" className="news-detail-time">
            发布时间：{data.PublishTime}
          </Typography.Paragraph>
          <div className="news-content">{data.Content}</div>
        </article>
      )}
    </Card>
  );
}
