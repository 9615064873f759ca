import type { Db } from "./client";

type Waiting<I, R> = { item: I; settle: (result: R | null) => void; fail: (error: unknown) => void };
/** Calls waiting for the next batch, per database, and the exclusive keys of calls being sent. */
type Line<I, R> = { waiting: Waiting<I, R>[]; scheduled: boolean; sending: Set<string> };

export type BatchOptions<I> = {
  /** The most calls one statement carries. */
  max: number;
  /** Calls with the same key go one at a time, in the order they came (e.g. one watch session's beats). */
  exclusiveKey?: (item: I) => string;
};

/**
 * One statement for the calls that arrived in the same turn of the event loop (setImmediate: after the
 * requests read together): under load one round trip answers many callers, alone a caller waits one
 * turn. `run` answers a batch with one result per item, in order (null for an item it found nothing
 * for). Whatever goes wrong, every call of the batch is answered: a failure fails each of them.
 */
export function batchedPerDatabase<I, R>(
  run: (db: Db, items: I[]) => Promise<(R | null)[]>,
  { max, exclusiveKey }: BatchOptions<I>,
): (db: Db, item: I) => Promise<R | null> {
  const lines = new WeakMap<Db, Line<I, R>>();

  const schedule = (db: Db, line: Line<I, R>) => {
    if (line.scheduled || line.waiting.length === 0) return;
    line.scheduled = true;
    setImmediate(() => flush(db, line));
  };

  const flush = (db: Db, line: Line<I, R>) => {
    line.scheduled = false;
    const batch: Waiting<I, R>[] = [];
    const later: Waiting<I, R>[] = [];
    for (const call of line.waiting) {
      const key = exclusiveKey?.(call.item);
      if (batch.length < max && (key === undefined || !line.sending.has(key))) {
        if (key !== undefined) line.sending.add(key);
        batch.push(call);
      } else later.push(call);
    }
    line.waiting = later;
    if (batch.length === 0) return;
    schedule(db, line);
    const done = () => {
      if (exclusiveKey) for (const call of batch) line.sending.delete(exclusiveKey(call.item));
      schedule(db, line);
    };
    const fail = (error: unknown) => {
      for (const call of batch) call.fail(error);
    };
    try {
      run(
        db,
        batch.map((call) => call.item),
      )
        .then((results) => batch.forEach((call, i) => call.settle(results[i] ?? null)), fail)
        .finally(done);
    } catch (error) {
      fail(error);
      done();
    }
  };

  return (db, item) => {
    let line = lines.get(db);
    if (!line) lines.set(db, (line = { waiting: [], scheduled: false, sending: new Set() }));
    const queue = line;
    const answer = new Promise<R | null>((settle, fail) => queue.waiting.push({ item, settle, fail }));
    schedule(db, queue);
    return answer;
  };
}
