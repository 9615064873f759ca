import type { Listen } from "@/server/db/client";
import { NOTIFICATION_CHANNEL } from "./notify";

type Wake = () => void;

/**
 * The instance's one listener on the notifications channel, shared by every open stream: a NOTIFY for
 * a user wakes that user's streams here, whichever instance wrote it (PostgreSQL LISTEN/NOTIFY; on
 * PGlite the same, within the process). Started by the first stream; a reconnect wakes every stream,
 * since what was announced meanwhile is unknown.
 */
export class NotificationHub {
  private readonly streams = new Map<string, Set<Wake>>();
  private started: Promise<unknown> | null = null;

  constructor(private readonly listen: Listen) {}

  async subscribe(userId: string, wake: Wake): Promise<() => void> {
    this.started ??= this.listen(
      NOTIFICATION_CHANNEL,
      (payload) => this.wake(payload),
      () => this.wakeAll(),
    ).catch((error: unknown) => {
      this.started = null;
      throw error;
    });
    await this.started;
    let set = this.streams.get(userId);
    if (!set) this.streams.set(userId, (set = new Set()));
    set.add(wake);
    return () => {
      set.delete(wake);
      if (set.size === 0 && this.streams.get(userId) === set) this.streams.delete(userId);
    };
  }

  /** Streams open on this instance (for tests and the health of the hub). */
  get size(): number {
    let total = 0;
    for (const set of this.streams.values()) total += set.size;
    return total;
  }

  private wake(userId: string) {
    for (const wake of this.streams.get(userId) ?? []) wake();
  }

  private wakeAll() {
    for (const set of this.streams.values()) for (const wake of set) wake();
  }
}

const hubs = new WeakMap<Listen, NotificationHub>();

/** The hub of a database's listen function (one per database per process). */
export function hubOf(listen: Listen): NotificationHub {
  let hub = hubs.get(listen);
  if (!hub) hubs.set(listen, (hub = new NotificationHub(listen)));
  return hub;
}
