import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { BUILDINGS } from '../modules/properties/buildings/api';
import { communities } from '../modules/properties/communities/resource';
import { ROOMS } from '../modules/properties/rooms/api';
import { RESIDENTS } from '../modules/residents/list/api';
import { dependentRoots, invalidateAfterWrite, invalidateOnRealtime, QUERY_DEPS } from './query-deps';

const seeded = () => {
  const client = new QueryClient();
  for (const key of [
    ['rooms', 'list', { PgIndex: 1 }],
    ['buildings', 'options', 3],
    ['dashboard', 'desk-data'],
    ['messages', 'latest-unread'],
    ['staff', 'list', {}],
  ])
    client.setQueryData(key, 1);
  const stale = () =>
    client
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.isInvalidated)
      .map((q) => q.queryKey[0]);
  return { client, stale };
};

describe('query dependencies', () => {
  it('every resource refreshes its own queries', () => {
    for (const [resource, roots] of Object.entries(QUERY_DEPS)) expect(roots).toContain(resource);
  });

  it('names the roots the screens use', () => {
    for (const root of [communities.name, BUILDINGS, ROOMS, RESIDENTS]) expect(QUERY_DEPS).toHaveProperty(root);
  });

  it('a resident write refreshes 房间管理 and the desk, not the staff list', async () => {
    const { client, stale } = seeded();
    await invalidateAfterWrite(client, RESIDENTS);
    expect(stale().sort()).toEqual(['dashboard', 'messages', 'rooms']);
  });

  it('a building write (an import too) refreshes 房间管理 and its 楼宇 filter', async () => {
    const { client, stale } = seeded();
    await invalidateAfterWrite(client, BUILDINGS);
    expect(stale()).toEqual(expect.arrayContaining(['rooms', 'buildings']));
  });

  it('a community write refreshes the desk cards', async () => {
    const { client, stale } = seeded();
    await invalidateAfterWrite(client, communities.name);
    expect(stale()).toContain('dashboard');
  });

  it('an unknown resource refreshes only itself', async () => {
    expect(dependentRoots('meters')).toEqual(['meters']);
  });

  it('a realtime show refreshes reminders and desk cards', async () => {
    const { client, stale } = seeded();
    await invalidateOnRealtime(client);
    expect(stale().sort()).toEqual(['dashboard', 'messages']);
  });
});
