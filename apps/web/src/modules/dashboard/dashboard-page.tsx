import { Typography } from 'antd';
import { useUserStore } from '../../app/stores/user-store';
import { LatestMessages } from './latest-messages';
import { OftenFunctions } from './often-functions';
import { TodayCards } from './today-cards';
import './dashboard.css';

function greeting(hour: number): string {
  if (hour < 6) return '凌晨好';
  if (hour < 12) return '上午好';
  if (hour < 14) return '中午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

export default function DashboardPage() {
  const name = useUserStore((s) => s.info?.Name || s.name);
  const dpt = useUserStore((s) => s.info?.DptName);
  return (
    <div className="dashboard">
      <section className="dashboard-welcome" aria-label="欢迎">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {greeting(new Date().getHours())}，{name}
        </Typography.Title>
        {dpt && <Typography.Text type="secondary">{dpt}</Typography.Text>}
      </section>
      <TodayCards />
      <OftenFunctions />
      <LatestMessages />
    </div>
  );
}
