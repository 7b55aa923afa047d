import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { affectedBy, declareDependents, useInvalidate } from './dependencies';

declareDependents('test-residents', 'test-rooms', 'test-desk');
declareDependents('test-rooms', 'test-buildings', 'test-residents');

function Screen({ rooms, other }: { rooms: () => Promise<string>; other: () => Promise<string> }) {
  const list = useQuery({ queryKey: ['test-rooms', 'list', { PgIndex: 1 }], queryFn: rooms });
  useQuery({ queryKey: ['test-meters', 'list'], queryFn: other });
  const invalidate = useInvalidate();
  return (
    <>
      <span>{list.data}</span>
      <button type="button" onClick={() => void invalidate('test-residents')}>
        保存住户
      </button>
    </>
  );
}

describe('dependent invalidation', () => {
  it('follows the declarations transitively, each resource once, cycles included', () => {
    expect(affectedBy('test-residents').sort()).toEqual([
      'test-buildings',
      'test-desk',
      'test-residents',
      'test-rooms',
    ]);
    expect(affectedBy('test-unknown')).toEqual(['test-unknown']);
  });

  it('saving a resident reloads the rooms list on screen, and leaves unrelated lists alone', async () => {
    let n = 0;
    const rooms = vi.fn(async () => `房间 ${++n}`);
    const other = vi.fn(async () => '仪表');
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <Screen rooms={rooms} other={other} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('房间 1')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '保存住户' }));
    expect(await screen.findByText('房间 2')).toBeInTheDocument();
    await waitFor(() => expect(rooms).toHaveBeenCalledTimes(2));
    expect(other).toHaveBeenCalledTimes(1);
  });
});
