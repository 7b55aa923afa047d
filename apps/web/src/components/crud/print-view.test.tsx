import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PrintView } from './print-view';

type Line = { Item: string; Period: string; Amount: string };
const columns = [
  { title: '项目', value: 'Item' as const },
  { title: '账期', value: 'Period' as const },
  { title: '金额', value: 'Amount' as const, money: true },
];
const rows: Line[] = [
  { Item: '物业费', Period: '2026-05', Amount: '1200.5' },
  { Item: '水费', Period: '2026-05', Amount: '34' },
];

describe('PrintView', () => {
  it('prints the title, the rows, 合计 and 大写金额 of the money column', () => {
    render(
      <PrintView title="收款收据" head={[{ label: '房屋', value: '1栋-1单元-101' }]} columns={columns} rows={rows} />,
    );
    const view = screen.getByRole('region', { name: '收款收据' });
    expect(view).toHaveClass('print-view', 'print-a4');
    expect(screen.getByRole('heading', { name: '收款收据' })).toBeInTheDocument();
    expect(screen.getByText('1栋-1单元-101')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('1200.50')).toBeInTheDocument();
    expect(screen.getByText('合计：¥1234.50')).toBeInTheDocument();
    expect(screen.getByText('人民币（大写）：壹仟贰佰叁拾肆元伍角整')).toBeInTheDocument();
  });

  it('takes a given total on receipt paper', () => {
    render(<PrintView title="押金收据" paper="receipt" columns={columns} rows={[]} total="100.01" />);
    expect(screen.getByRole('region', { name: '押金收据' })).toHaveClass('print-receipt');
    expect(screen.getByText('人民币（大写）：壹佰元零壹分')).toBeInTheDocument();
  });
});
