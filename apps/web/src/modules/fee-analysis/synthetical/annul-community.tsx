import { AnnualReport } from './annual-report';

const lead = [{ title: '小区', dataIndex: 'CommunityName', fixed: 'left' as const }];

/** 小区年度收费表: a row per 小区. */
export default function AnnulCommunity() {
  return <AnnualReport name="AnnulCommunity" title="小区年度收费表" lead={lead} />;
}
