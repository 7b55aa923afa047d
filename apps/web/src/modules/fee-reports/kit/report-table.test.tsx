import type { ColumnType } from 'antd/es/table';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { cellText } from './report-logic';
import { useReportColumns } from './report-table';
import type { ReportColumn } from './types';

type Row = Record<string, unknown>;

describe('report columns', () => {
  it('a figure column is at least as wide as its bold 合计, so the fixed 合计 row stays in line', () => {
    let cols: ColumnType<Row>[] = [];
    const columns: ReportColumn<Row>[] = [
      { title: '房号', dataIndex: 'RoomName' },
      { title: '应收', dataIndex: 'DueMoney' },
      { title: '实收', dataIndex: 'PaidMoney' },
    ];
    function Probe() {
      cols = useReportColumns(columns, {}, null, false, { DueMoney: '1234567.89', PaidMoney: '0.00' });
      return null;
    }
    renderWithProviders(<Probe />);
    const [room, due, paid] = cols;
    expect(room!.minWidth).toBeUndefined();
    expect(due!.minWidth).toBeGreaterThan(paid!.minWidth!);
    expect(due!.minWidth).toBeGreaterThanOrEqual(cellText('money', '1234567.89').length * 8 + 16);
    // On the body's cells too: the browser sizes the column from them.
    expect(due!.onCell?.({}, 0)).toMatchObject({ style: { minWidth: due!.minWidth } });
    expect(room!.onCell).toBeUndefined();
  });
});
