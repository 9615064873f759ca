import { EventEmitter } from "node:events";
import type { ServerResponse } from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HEARTBEAT_MS, registerHandover, serveNodeStream, STREAM_MS, takeHandover } from "@/server/notifications/node-stream";

/** A response that records what is written to it. */
function fakeResponse() {
  const emitter = new EventEmitter();
  const written: string[] = [];
  const response = Object.assign(emitter, {
    written,
    ended: false,
    write: (chunk: string) => written.push(chunk) > 0,
    end: () => {
      response.ended = true;
      emitter.emit("close");
    },
  });
  return response;
}

afterEach(() => void vi.useRealTimers());

describe("the lean notification stream", () => {
  it("says re-read once open, pings on the shared heartbeat, and ends after five minutes", async () => {
    vi.useFakeTimers();
    const response = fakeResponse();
    serveNodeStream(null, { userId: "user-1", sessionId: "session-1", address: "10.0.0.1" })(response as unknown as ServerResponse);
    await vi.advanceTimersByTimeAsync(0);
    expect(response.written).toEqual(["retry: 3000\nevent: re-read\ndata: re-read\n\n"]);
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    expect(response.written.at(-1)).toBe("event: ping\ndata: \n\n");
    await vi.advanceTimersByTimeAsync(STREAM_MS);
    expect(response.ended).toBe(true);
    const after = response.written.length;
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS * 3);
    expect(response.written).toHaveLength(after); // closed: no more pings
  });

  it("a handover is taken once", () => {
    const job = () => undefined;
    const id = registerHandover(job);
    expect(takeHandover(id)).toBe(job);
    expect(takeHandover(id)).toBeUndefined();
    expect(takeHandover("unknown")).toBeUndefined();
  });
});
