import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/**
 * Lists that show what another resource changes: saving a resident changes the rooms' 住户数 and status and the
 * desk's cards, so a resident mutation refreshes those too. Query keys start with the resource name, so a resource
 * invalidates all its lists, details and pickers at once. Every mutation of the kit goes through `invalidateResource`.
 */
const dependents = new Map<string, Set<string>>();

/** `declareDependents('residents', 'rooms', 'dashboard')`: a change of residents also refreshes those. */
export function declareDependents(resource: string, ...others: string[]): void {
  const set = dependents.get(resource) ?? new Set<string>();
  for (const o of others) if (o !== resource) set.add(o);
  dependents.set(resource, set);
}

/** The resource and everything that depends on it, transitively (each once). */
export function affectedBy(resource: string): string[] {
  const seen = new Set<string>([resource]);
  const queue = [resource];
  while (queue.length) {
    for (const next of dependents.get(queue.shift()!) ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return [...seen];
}

/** Marks every query of the resource and of its dependents stale; the lists on screen reload. */
export async function invalidateResource(client: QueryClient, resource: string): Promise<void> {
  await Promise.all(affectedBy(resource).map((r) => client.invalidateQueries({ queryKey: [r] })));
}

export function useInvalidate(): (resource: string) => Promise<void> {
  const client = useQueryClient();
  return useCallback((resource: string) => invalidateResource(client, resource), [client]);
}
