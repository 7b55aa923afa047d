import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Skeleton, Statistic } from 'antd';
import { Link } from 'react-router';
import { type DeskCard, dashboardKeys, getDeskData } from './api';

function CardBody({ card }: { card: DeskCard }) {
  return (
    <Card size="small" hoverable={Boolean(card.Path)} className="today-card">
      <Statistic title={card.Title} value={card.Value} />
      {card.Sub && <div className="today-card-sub">{card.Sub}</div>}
    </Card>
  );
}

/** 今日数据: the server only sends cards for modules the user may open; each links to its screen. */
export function TodayCards() {
  const { data, isLoading } = useQuery({ queryKey: dashboardKeys.deskData(), queryFn: getDeskData });
  const cards = data?.Cards ?? [];
  return (
    <Card title="今日数据" className="dashboard-section">
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : cards.length === 0 ? (
        <Empty description="暂无今日数据" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <div className="today-grid">
          {cards.map((card) =>
            card.Path ? (
              <Link key={card.Key} to={card.Path} aria-label={`${card.Title} ${card.Value}`}>
                <CardBody card={card} />
              </Link>
            ) : (
              <CardBody key={card.Key} card={card} />
            ),
          )}
        </div>
      )}
    </Card>
  );
}
