import type { Tx } from '../client';
import { communities } from '../schema';

/** The two demo communities of domain/properties.md; the properties seed adds their buildings and rooms. */
export const DEMO_COMMUNITIES = [
  {
    name: '阳光花园',
    code: 'XQ0001',
    province: '浙江省',
    city: '杭州市',
    district: '西湖区',
    address: '文三路188号',
    buildArea: '86500.00',
    servicePhone: '0571-88881001',
    deliveryDate: '2018-06-30',
  },
  {
    name: '翠湖天地',
    code: 'XQ0002',
    province: '浙江省',
    city: '杭州市',
    district: '余杭区',
    address: '五常大道66号',
    buildArea: '42300.00',
    servicePhone: '0571-88882002',
    deliveryDate: '2025-12-31',
  },
] as const;

/** Answers the community ids in DEMO_COMMUNITIES order. */
export async function seedDemoCommunities(tx: Tx, cmpId: number): Promise<number[]> {
  const rows = await tx
    .insert(communities)
    .values(DEMO_COMMUNITIES.map((c) => ({ ...c, cmpId })))
    .returning({ id: communities.id });
  return rows.map((r) => r.id);
}
