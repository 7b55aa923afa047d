import { AnnualReport } from './annual-report';

const lead = [
  { title: '房号', dataIndex: 'RoomName', fixed: 'left' as const },
  { title: '业主', dataIndex: 'OwnerName' },
];

/** 房屋年度收费表: a row per room of one 小区 (paged). */
export default function AnnulHouse() {
  return <AnnualReport name="AnnulHouse" title="房屋年度收费表" oneCommunity paged lead={lead} />;
}
