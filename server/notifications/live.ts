import type { Db } from "@/server/db";
import type { Listen } from "@/server/db/client";
import { batchedPerDatabase } from "@/server/db/batched";
import { openSessionExpiries, SESSION_END_CHANNEL } from "@/server/auth";
import { NOTIFICATION_CHANNEL } from "./notify";

/**
 * The most streams one person keeps open on one instance; their next one ends the oldest (issue 30:
 * one account opened 2,000 in 6.7 s, +90 MB and +2,000 descriptors). A few tabs and devices fit; the
 * newest is the one being looked at.
 */
export const STREAMS_PER_PERSON = 5;
/** The most streams open from one address (an IPv6 /64) on one instance; beyond it a new one is refused (429 too_many_streams). */
export const STREAMS_PER_ADDRESS = 20;

/**
 * Why the server ended a stream before its time, told to the browser as `event: end` (the page then
 * stops reconnecting until it is shown again; lib/api/notifications.ts): `superseded` by the
 * person's newer stream, `session` ended (logout, password change, ban …), `busy` (the address's
 * streams filled up while this one was being opened).
 */
export type EndReason = "superseded" | "session" | "busy";

/** One open stream as the hub knows it, on either serving path (node-stream.ts, or streamSSE in routes.ts). */
export type LiveStream = {
  readonly userId: string;
  /** The access token's session: the stream ends with it. */
  readonly sessionId: string;
  /** The caller's address as limits count it (addressBucket: an IPv4 address, an IPv6 /64). */
  readonly address: string;
  /** When it ends by itself (epoch ms): STREAM_MS after opening, or its session's expiry if sooner. */
  until: number;
  /** The person's notifications changed: say re-read. */
  wake(): void;
  /** Ended by the server: say why and close. Called at most once, after the hub has let it go. */
  end(reason: EndReason): void;
};

/** Each session's expiry while it is open: the streams opened in one turn ask in one statement. */
const sessionExpiry = batchedPerDatabase<string, Date>(
  async (db, sessionIds) => {
    const open = await openSessionExpiries({ db }, { sessionIds });
    return sessionIds.map((id) => open.get(id) ?? null);
  },
  { max: 1_000 },
);

function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V): Set<V> {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(value);
  return set;
}

function deleteFrom<K, V>(map: Map<K, Set<V>>, key: K, value: V): boolean {
  const set = map.get(key);
  if (!set?.delete(value)) return false;
  if (set.size === 0) map.delete(key);
  return true;
}

/**
 * The instance's streams and its two listeners, shared by all of them:
 * - on the notifications channel, a NOTIFY for a user wakes that user's streams here, whichever
 *   instance wrote it (PostgreSQL LISTEN/NOTIFY; on PGlite the same, within the process); a
 *   reconnect wakes every stream, since what was announced meanwhile is unknown;
 * - on the sessions channel, the database names each session that ends (migration 0023's trigger,
 *   whatever code ended it, on whichever instance) and its streams here end; a reconnect checks
 *   every held session in one statement.
 * It also keeps the caps: STREAMS_PER_PERSON (the oldest ends) and STREAMS_PER_ADDRESS (refused).
 */
export class NotificationHub {
  private readonly byUser = new Map<string, Set<LiveStream>>();
  private readonly bySession = new Map<string, Set<LiveStream>>();
  private readonly byAddress = new Map<string, number>();
  private started: Promise<void> | null = null;

  constructor(
    private readonly listen: Listen,
    private readonly db: Db,
  ) {}

  /** Listening on both channels (started by the first stream; a failed start is tried again by the next). */
  ready(): Promise<void> {
    this.started ??= this.start().catch((error: unknown) => {
      this.started = null;
      throw error;
    });
    return this.started;
  }

  private async start(): Promise<void> {
    const stop = await this.listen(
      NOTIFICATION_CHANNEL,
      (userId) => this.wake(userId),
      () => this.wakeAll(),
    );
    try {
      await this.listen(
        SESSION_END_CHANNEL,
        (sessionId) => this.endSession(sessionId),
        () => void this.recheckSessions(),
      );
    } catch (error) {
      await stop().catch(() => undefined);
      throw error;
    }
  }

  /** Whether one more stream may open from `address` (an addressBucket). */
  hasRoom(address: string): boolean {
    return (this.byAddress.get(address) ?? 0) < STREAMS_PER_ADDRESS;
  }

  /**
   * Holds a stream (after ready(), so no announcement is missed from here on): its person's oldest
   * beyond STREAMS_PER_PERSON end, and its session is read once more — one that ended between the
   * caller's authentication and now ends the stream, an open one caps `until` at its expiry.
   * Answers the way to let it go, or null when its address has no room left (it is not held).
   */
  add(stream: LiveStream): (() => void) | null {
    if (!this.hasRoom(stream.address)) return null;
    const mine = addTo(this.byUser, stream.userId, stream);
    addTo(this.bySession, stream.sessionId, stream);
    this.byAddress.set(stream.address, (this.byAddress.get(stream.address) ?? 0) + 1);
    // A set iterates in insertion order: the person's oldest first.
    for (const old of mine) {
      if (mine.size <= STREAMS_PER_PERSON) break;
      this.end(old, "superseded");
    }
    sessionExpiry(this.db, stream.sessionId).then(
      (expiresAt) => {
        if (!this.holds(stream)) return;
        if (!expiresAt) this.end(stream, "session");
        else stream.until = Math.min(stream.until, expiresAt.getTime());
      },
      // The caller's session was open a moment ago; a failed read leaves the stream to its five minutes.
      () => undefined,
    );
    return () => void this.remove(stream);
  }

  /** Streams open on this instance (for tests and the health of the hub). */
  get size(): number {
    let total = 0;
    for (const set of this.byUser.values()) total += set.size;
    return total;
  }

  private holds(stream: LiveStream): boolean {
    return this.bySession.get(stream.sessionId)?.has(stream) ?? false;
  }

  private remove(stream: LiveStream): boolean {
    if (!deleteFrom(this.bySession, stream.sessionId, stream)) return false;
    deleteFrom(this.byUser, stream.userId, stream);
    const left = (this.byAddress.get(stream.address) ?? 1) - 1;
    if (left > 0) this.byAddress.set(stream.address, left);
    else this.byAddress.delete(stream.address);
    return true;
  }

  private end(stream: LiveStream, reason: EndReason) {
    if (this.remove(stream)) stream.end(reason);
  }

  private endSession(sessionId: string) {
    for (const stream of [...(this.bySession.get(sessionId) ?? [])]) this.end(stream, "session");
  }

  /** After the sessions listener reconnected: the ends announced meanwhile are unknown, so every held session is read. */
  private async recheckSessions() {
    const held = [...this.bySession.keys()];
    if (held.length === 0) return;
    const open = await openSessionExpiries({ db: this.db }, { sessionIds: held }).catch(() => null);
    if (!open) return;
    for (const sessionId of held) if (!open.has(sessionId)) this.endSession(sessionId);
  }

  private wake(userId: string) {
    for (const stream of this.byUser.get(userId) ?? []) stream.wake();
  }

  private wakeAll() {
    for (const set of this.byUser.values()) for (const stream of set) stream.wake();
  }
}

const hubs = new WeakMap<Listen, NotificationHub>();

/** The hub of a database's listen function (one per database per process); `db` reads the sessions. */
export function hubOf(listen: Listen, db: Db): NotificationHub {
  let hub = hubs.get(listen);
  if (!hub) hubs.set(listen, (hub = new NotificationHub(listen, db)));
  return hub;
}
