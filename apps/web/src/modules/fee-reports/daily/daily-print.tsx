import dayjs from 'dayjs';
import { request } from '../../../app/request';
import { useUserStore } from '../../../app/stores/user-store';
import { Auth } from '../../../components/auth';
import { type ReportColumn, type ReportContext, ReportPrintButton } from '../kit';
import type { Row } from '../labels';

const dayText = (f: Record<string, unknown>) =>
  f.DateFrom === f.DateTo ? String(f.DateFrom ?? '') : `${String(f.DateFrom ?? '')} 至 ${String(f.DateTo ?? '')}`;

/**
 * 打印日报 (`print`): the day's cashier rows and 合计 on A4 with the signature lines 收款人 and 复核人. DailyPrint
 * records the print (it is audited) before the dialog opens.
 */
export function DailyPrint({ ctx, columns }: { ctx: ReportContext<Row>; columns: readonly ReportColumn<Row>[] }) {
  const printer = useUserStore((s) => s.name);
  return (
    <Auth btn="print">
      <ReportPrintButton<Row>
        label="打印日报"
        title="收费日报"
        disabled={ctx.rows.length === 0}
        onOpen={() => request('/FeeReport/DailyPrint', ctx.filters, { json: true })}
        head={[
          { label: '日期', value: dayText(ctx.filters) },
          { label: '打印人', value: printer },
          { label: '打印时间', value: dayjs().format('YYYY-MM-DD HH:mm') },
        ]}
        columns={columns}
        rows={ctx.rows}
        sum={ctx.sum}
        landscape
        foot={
          <>
            <span>收款人（签字）：__________</span>
            <span>复核人（签字）：__________</span>
          </>
        }
      />
    </Auth>
  );
}
