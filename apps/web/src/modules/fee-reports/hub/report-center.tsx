import { PushpinOutlined } from '@ant-design/icons';
import { findRouteByPath } from '@linli/shared';
import { Card, Col, Empty, Row, Typography } from 'antd';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { readRecent } from '../kit';
import { ALL_CARDS, type ReportCard, REPORT_GROUPS } from './report-cards';
import './report-center.css';

const titleOf = (path: string) => findRouteByPath(path)?.title ?? path;

function CardTile({ card, pinned }: { card: ReportCard; pinned?: boolean }) {
  const navigate = useNavigate();
  return (
    <Card
      hoverable
      size="small"
      className="report-card"
      role="link"
      tabIndex={0}
      onClick={() => navigate(card.path)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') navigate(card.path);
      }}
    >
      <div className="report-card-title">
        {pinned && <PushpinOutlined aria-label="最近打开" />} {titleOf(card.path)}
      </div>
      <Typography.Text type="secondary" className="report-card-text">
        {card.text}
      </Typography.Text>
    </Card>
  );
}

const grid = { xs: 24, sm: 12, md: 8, xl: 6 };

/** 报表中心: the reports by group, each opening in its own tab; the last 4 opened sit pinned on top. */
export function ReportCenter() {
  // Read again whenever the hub is shown: the report pages record themselves as they open.
  const { pathname } = useLocation();
  const recent = useMemo(() => (pathname ? readRecent() : []), [pathname]);
  const pinned = recent.map((p) => ALL_CARDS.find((c) => c.path === p)).filter((c): c is ReportCard => !!c);
  return (
    <div className="report-center">
      <section aria-label="最近打开">
        <h3 className="report-group-title">最近打开</h3>
        {pinned.length ? (
          <Row gutter={[12, 12]}>
            {pinned.map((c) => (
              <Col key={c.path} {...grid}>
                <CardTile card={c} pinned />
              </Col>
            ))}
          </Row>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="打开过的报表会固定在这里" />
        )}
      </section>
      {REPORT_GROUPS.map((g) => (
        <section key={g.title} aria-label={g.title}>
          <h3 className="report-group-title">{g.title}</h3>
          <Row gutter={[12, 12]}>
            {g.cards.map((c) => (
              <Col key={c.path} {...grid}>
                <CardTile card={c} />
              </Col>
            ))}
          </Row>
        </section>
      ))}
    </div>
  );
}
