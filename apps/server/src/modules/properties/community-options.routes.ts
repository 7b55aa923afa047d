import { and, eq } from 'drizzle-orm';
import { call } from '../../core/calls';
import { inScope } from '../../core/scope';
import { communities } from '../../db/schema';

/**
 * The community picker (properties.md "Options: only the communities the staff member may see"). The staff form's
 * 负责小区 uses it too; the properties module adds the rest of /Community/* beside it.
 */
export const communityOptionCalls = [
  call({
    path: '/Community/Options',
    reads: true,
    handler: async (_b, { deps, auth }) =>
      deps.database.db
        .select({ Id: communities.id, Name: communities.name })
        .from(communities)
        .where(and(eq(communities.cmpId, auth.cmpId), eq(communities.status, 1), inScope(auth, communities.id)))
        .orderBy(communities.id),
  }),
];
