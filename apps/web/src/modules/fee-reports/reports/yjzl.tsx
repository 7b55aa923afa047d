import dayjs from 'dayjs';
import { useUserStore } from '../../../app/stores/user-store';
import { Auth } from '../../../components/auth';
import { useCommunityOptions } from '../../../components/pickers';
import { type ReportColumn, type ReportContext, ReportPage, ReportPrintButton, type ReportDefinition } from '../kit';
import { reportPath, type Row, rowFilters } from '../labels';

/** The month's own bills of a 楼栋, for a link to 应缴明细表. */
const monthBills = (r: Row, f: Record<string, unknown>) => ({
  path: reportPath('yjmx'),
  params: { ...rowFilters(r), PeriodFrom: f.Month, PeriodTo: f.Month },
});

const columns: ReportColumn<Row>[] = [
  { title: '楼栋', dataIndex: 'BuildingName', fixed: 'left' },
  { title: '总户数', dataIndex: 'AllRooms', kind: 'count' },
  { title: '空置户数', dataIndex: 'VacantRooms', kind: 'count' },
  { title: '收费户数', dataIndex: 'ChargeRooms' },
  { title: '期初欠费', dataIndex: 'OpeningArrearsMoney' },
  { title: '本月应收', dataIndex: 'PeriodDueMoney', link: monthBills },
  {
    title: '本日收款',
    children: [
      { title: '户数', dataIndex: 'TodayPaidRooms' },
      { title: '金额', dataIndex: 'TodayPaidMoney' },
    ],
  },
  { title: '本月已缴户数', dataIndex: 'PaidRooms' },
  { title: '本月实收', dataIndex: 'PeriodPaidMoney', link: monthBills },
  { title: '本月未收', dataIndex: 'PeriodUnpaidMoney' },
  { title: '追欠户数', dataIndex: 'RecoveredRooms' },
  { title: '追欠金额', dataIndex: 'RecoveredMoney' },
  { title: '预收金额', dataIndex: 'AdvanceMoney' },
  { title: '户收费率', dataIndex: 'RoomRate' },
  { title: '收费率', dataIndex: 'CollectRate' },
  { title: '清缴率', dataIndex: 'RecoveryRate' },
];

/** 打印 for the month-end meeting: the whole table on A4 landscape with the 小区 and month above it. */
function PrintTable({ ctx }: { ctx: ReportContext<Row> }) {
  const communities = useCommunityOptions();
  const printer = useUserStore((s) => s.name);
  const community = communities.data?.find((c) => c.Id === ctx.filters.CommunityId)?.Name ?? '';
  return (
    <Auth btn="print">
      <ReportPrintButton<Row>
        title={`${community} 物业费月度统计表`}
        landscape
        disabled={ctx.rows.length === 0}
        head={[
          { label: '月份', value: String(ctx.filters.Month ?? '') },
          { label: '打印人', value: printer },
          { label: '打印时间', value: dayjs().format('YYYY-MM-DD HH:mm') },
        ]}
        columns={columns}
        rows={ctx.rows}
        sum={ctx.sum}
        foot={
          <>
            <span>制表：</span>
            <span>审核：</span>
          </>
        }
      />
    </Auth>
  );
}

/** 物业费月度统计表: one 小区, one month, a row per 楼栋; rates from the row's own sums, the 合计's from Σ÷Σ. */
export const yjzl: ReportDefinition<Row> = {
  name: 'Yjzl',
  title: '物业费月度统计表',
  filters: ['community', 'month', 'items'],
  columns,
  toolbar: (ctx) => <PrintTable ctx={ctx} />,
};

export default function YjzlPage() {
  return <ReportPage def={yjzl} />;
}
