import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, stubAntdDom } from '../../test/render';
import { ListPage } from './list-page';
import { fenOf, sumMoney } from './money-total';
import type { CrudColumn, ListAnswer } from './types';

type Row = { Id: number; Name: string; Amount: string | number | null; Paid: string };
const columns: CrudColumn<Row>[] = [
  { title: '项目', dataIndex: 'Name' },
  { title: '应收', dataIndex: 'Amount', money: true },
  { title: '实收', dataIndex: 'Paid', money: true },
];

beforeAll(stubAntdDom);

const renderList = (answer: ListAnswer<Row>) =>
  renderWithProviders(<ListPage<Row> resource="bills" fetch={async () => answer} columns={columns} />);

const summaryCells = (caption: string) => {
  const row = screen.getByText(caption).closest('tr')!;
  return within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
};

describe('合计 row', () => {
  it('sums the money columns of the page exactly, where floats would drift', async () => {
    renderList({
      data: [
        { Id: 1, Name: '物业费', Amount: 0.1, Paid: '99999999999999.99' },
        { Id: 2, Name: '水费', Amount: '0.2', Paid: '0.01' },
        { Id: 3, Name: '电费', Amount: null, Paid: '0.01' },
      ],
      count: 3,
    });
    await screen.findByText('物业费');
    // In doubles 99999999999999.99 + 0.01 + 0.01 comes to 100000000000000.02.
    expect(summaryCells('合计')).toEqual(['合计', '0.30', '100000000000000.01']);
    expect(screen.getByText('0.10')).toBeInTheDocument();
  });

  it("shows the server's total of the whole filter beside the page's", async () => {
    renderList({
      data: [{ Id: 1, Name: '物业费', Amount: '12.50', Paid: '10.00' }],
      count: 40,
      totals: { Amount: '500.5', Paid: '321.00' },
    });
    await screen.findByText('物业费');
    expect(summaryCells('本页合计')).toEqual(['本页合计', '12.50', '10.00']);
    expect(summaryCells('合计')).toEqual(['合计', '500.50', '321.00']);
  });

  it('has no 合计 row without money columns', async () => {
    renderWithProviders(
      <ListPage<Row>
        resource="bills"
        fetch={async () => ({ data: [{ Id: 1, Name: '物业费', Amount: '1', Paid: '1' }] })}
        columns={[{ title: '项目', dataIndex: 'Name' }]}
      />,
    );
    await screen.findByText('物业费');
    expect(screen.queryByText('合计')).toBeNull();
  });
});

describe('sumMoney', () => {
  it('adds integer fen and skips empty cells', () => {
    expect(sumMoney([{ m: '0.10' }, { m: 0.2 }, { m: '' }, { m: null }, { m: '-1.05' }], 'm')).toBe('-0.75');
    expect(fenOf('12.3')).toBe(1230n);
    expect(fenOf('12.345')).toBeNull();
    expect(fenOf('abc')).toBeNull();
  });
});
