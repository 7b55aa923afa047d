import { useQuery } from '@tanstack/react-query';
import { Descriptions, Spin } from 'antd';
import { request } from '../../../app/request';

interface FeeSummary {
  BalanceMoney: string;
  ArrearsMoney: string;
  UnpaidMoney: string;
  LastPayment: { ReceiptNo: string; PayTime: string; PaidMoney: string } | null;
}

/** 详情's 缴费 tab: the prepaid balance of the resident's rooms, their arrears and the last payment (/Resident/FeeSummary). */
export function ResidentFees({ id }: { id: number }) {
  const q = useQuery({
    queryKey: ['residents', 'fees', id],
    queryFn: () => request<FeeSummary>('/Resident/FeeSummary', { Id: id }),
  });
  if (!q.data) return <Spin spinning={q.isLoading} />;
  const f = q.data;
  return (
    <Descriptions column={1} size="small" bordered>
      <Descriptions.Item label="预存余额">¥{f.BalanceMoney}</Descriptions.Item>
      <Descriptions.Item label="欠费（已过应缴日）">¥{f.ArrearsMoney}</Descriptions.Item>
      <Descriptions.Item label="未缴合计">¥{f.UnpaidMoney}</Descriptions.Item>
      <Descriptions.Item label="最近缴费">
        {f.LastPayment ? `${f.LastPayment.PayTime} ¥${f.LastPayment.PaidMoney}（${f.LastPayment.ReceiptNo}）` : '无'}
      </Descriptions.Item>
    </Descriptions>
  );
}
