import { Table } from 'antd';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, stubAntdDom } from '../../../test/render';
import { SumRow, useReportColumns } from '../../fee-reports/kit';
import { rateCollect } from './rate-collect';

type Row = Record<string, unknown>;
const columns = rateCollect.columns as Parameters<typeof useReportColumns<Row>>[0];

function RateTable({ rows, sum }: { rows: Row[]; sum: Row }) {
  const cols = useReportColumns(columns, {}, null, false);
  return (
    <Table<Row>
      rowKey="CommunityId"
      columns={cols}
      dataSource={rows}
      pagination={false}
      summary={() => (
        <Table.Summary fixed>
          <SumRow columns={columns} sum={sum} withActions={false} />
        </Table.Summary>
      )}
    />
  );
}

const colourOf = (el: Element | null) => (el as HTMLElement | null)?.style.color;

beforeAll(stubAntdDom);

describe('收费率统计表', () => {
  it('colours the 合计 rates as it colours the rows: <80% red, <95% orange, else green, none for -', () => {
    const { container } = renderWithProviders(
      <RateTable
        rows={[{ CommunityId: 1, CommunityName: '阳光花园', CollectRate: 0.5, RoomRate: 0.9, RecoveryRate: 1 }]}
        sum={{ CollectRate: 0.7999, RoomRate: 0.95, RecoveryRate: null }}
      />,
    );
    const sumCell = (f: string) => container.querySelector(`.report-sum-row .col-${f} strong`);
    expect(sumCell('CollectRate')?.textContent).toBe('79.99%');
    expect(colourOf(sumCell('CollectRate'))).toBe('rgb(207, 19, 34)');
    expect(colourOf(sumCell('RoomRate'))).toBe('rgb(56, 158, 13)');
    expect(sumCell('RecoveryRate')?.textContent).toBe('-');
    expect(colourOf(sumCell('RecoveryRate'))).toBe('');
    const rowCell = (f: string) => container.querySelector(`.ant-table-tbody td.col-${f} span`);
    expect(colourOf(rowCell('CollectRate'))).toBe('rgb(207, 19, 34)');
    expect(colourOf(rowCell('RoomRate'))).toBe('rgb(212, 107, 8)');
    expect(colourOf(rowCell('RecoveryRate'))).toBe('rgb(56, 158, 13)');
  });
});
