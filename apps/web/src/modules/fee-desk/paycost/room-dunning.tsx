import { useQuery } from '@tanstack/react-query';
import { Table } from 'antd';
import { requestEnvelope } from '../../../app/request';
import { FEE_DESK } from '../api';

interface DunningRow {
  Id: number;
  ChannelName: string;
  ArrearsMoney: string;
  Months: number;
  Result: string;
  CreatorName: string;
  CreateTime: string;
}

/** 催缴记录 of the room on the desk (FeeDunningLog, read-only): 短信, 催缴单, 电话 and 上门, newest first. */
export function RoomDunning({ roomId }: { roomId: number }) {
  const q = useQuery({
    queryKey: [FEE_DESK, 'dunning', roomId],
    queryFn: () => requestEnvelope<DunningRow[]>('/Cashier/DunningLog', { RoomId: roomId, PgSize: 100 }),
  });
  return (
    <Table<DunningRow>
      size="small"
      rowKey="Id"
      loading={q.isLoading}
      dataSource={q.data?.data ?? []}
      pagination={false}
      locale={{ emptyText: '暂无催缴记录' }}
      columns={[
        { title: '时间', dataIndex: 'CreateTime', width: 160 },
        { title: '方式', dataIndex: 'ChannelName', width: 80 },
        { title: '欠缴金额', dataIndex: 'ArrearsMoney', width: 100, align: 'right' },
        { title: '欠缴月数', dataIndex: 'Months', width: 80, align: 'right' },
        { title: '结果', dataIndex: 'Result', ellipsis: true },
        { title: '登记人', dataIndex: 'CreatorName', width: 90 },
      ]}
    />
  );
}
