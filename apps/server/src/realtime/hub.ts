import type { WebSocket } from 'ws';

export interface Peer {
  socket: WebSocket;
  userId: number;
  token: string;
}

/** The sockets of this process, by user. */
export class Hub {
  private readonly byUser = new Map<number, Set<Peer>>();

  add(peer: Peer): void {
    const set = this.byUser.get(peer.userId) ?? new Set<Peer>();
    set.add(peer);
    this.byUser.set(peer.userId, set);
  }

  remove(peer: Peer): void {
    const set = this.byUser.get(peer.userId);
    if (!set) return;
    set.delete(peer);
    if (!set.size) this.byUser.delete(peer.userId);
  }

  peersOf(userIds: number[]): Peer[] {
    return userIds.flatMap((id) => [...(this.byUser.get(id) ?? [])]);
  }

  send(userIds: number[], text: string): number {
    let n = 0;
    for (const p of this.peersOf(userIds)) {
      if (p.socket.readyState === p.socket.OPEN) {
        p.socket.send(text);
        n++;
      }
    }
    return n;
  }

  all(): Peer[] {
    return [...this.byUser.values()].flatMap((s) => [...s]);
  }

  get size(): number {
    let n = 0;
    for (const s of this.byUser.values()) n += s.size;
    return n;
  }
}
