import { describe, expect, it } from 'vitest';
import { annualColumns } from './annual-report';
import { methodColumns } from './payment-method-collect';

describe('synthetical report columns', () => {
  it('收款方式汇总表 lists the methods, or pivots them into columns by 小区 or 日期', () => {
    expect(methodColumns(0).map((c) => c.dataIndex)).toEqual([
      'MethodName',
      'PayCount',
      'ReceivedMoney',
      'RefundMoney',
      'NetMoney',
      'Share',
    ]);
    const byDay = methodColumns(2).map((c) => c.title);
    expect(byDay[0]).toBe('日期');
    expect(byDay.slice(1)).toEqual(['现金', '微信', '支付宝', 'POS刷卡', '银行转账', '预存款抵扣', '合计', '资金合计']);
    expect(methodColumns(1)[0]!.dataIndex).toBe('CommunityName');
  });

  it('annual reports show 1月…12月 of the 指标, coloured only under 按账期', () => {
    const lead = [{ title: '小区', dataIndex: 'CommunityName' }];
    const byPeriod = annualColumns(lead, 1, 3);
    expect(byPeriod[1]!.title).toBe('欠缴（按账期）');
    expect(byPeriod[1]!.children!.map((c) => c.dataIndex)).toEqual(
      Array.from({ length: 12 }, (_, i) => `M${String(i + 1).padStart(2, '0')}Money`),
    );
    expect(byPeriod[1]!.children![0]!.render).toBeTypeOf('function');
    const byCash = annualColumns(lead, 2, 2);
    expect(byCash[1]!.title).toBe('实收（按收款日期）');
    expect(byCash[1]!.children![0]!.render).toBeUndefined();
    expect(byCash.slice(2).map((c) => c.dataIndex)).toEqual([
      'YearDueMoney',
      'YearPaidMoney',
      'YearArrearsMoney',
      'CollectRate',
    ]);
  });
});
