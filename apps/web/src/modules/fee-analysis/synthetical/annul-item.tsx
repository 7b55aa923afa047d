import { AnnualReport } from './annual-report';

const lead = [{ title: '项目', dataIndex: 'ItemName', fixed: 'left' as const }];

/** 项目年度收费表: a row per item. */
export default function AnnulItem() {
  return <AnnualReport name="AnnulItem" title="项目年度收费表" lead={lead} />;
}
