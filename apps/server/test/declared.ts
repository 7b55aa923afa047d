import type { CallDef, SessionCall } from '../src/core/calls';
import { allCalls } from '../src/modules';

export type SessionDef = SessionCall<never> & { path: string };

/** The calls of signed-in users: every call that is neither public nor a device's. */
export const sessionCalls = (calls: CallDef[] = allCalls): SessionDef[] =>
  calls.filter((c) => !c.public && !c.device) as unknown as SessionDef[];

/** What a session call declares; 'invalid' for a mix or nothing (the types forbid it; this catches casts). */
export function declaredKind(c: SessionDef): 'reads' | 'self' | 'admin' | 'button' | 'invalid' {
  const reads = c.reads === true;
  const self = c.self === true;
  const admin = c.admin === true;
  const button = !!c.role && !!c.btn;
  if (Number(reads) + Number(self) + Number(admin) + Number(button) !== 1) return 'invalid';
  if ((self || admin) && c.role) return 'invalid';
  return reads ? 'reads' : self ? 'self' : admin ? 'admin' : 'button';
}
