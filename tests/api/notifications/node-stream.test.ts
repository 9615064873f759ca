import { request as httpRequest, type IncomingMessage } from "node:http";
import { describe, expect } from "vitest";
import { hubOf } from "@/server/notifications/live";
import { notificationTest } from "@/tests/api/support/notification-fixtures";
import { signedInUser } from "@/tests/api/security/signed-in";

// The notification stream as `npm start` serves it: through the real Node listener, whose response is
// handed to the lean stream (server/notifications/node-stream.ts) once every middleware's header is on it.

const it = notificationTest
  // Opens the stream with the web app's cookie; what arrived so far is in `text()`.
  .extend(
    "openStream",
    ({ listener: { port } }) =>
      function openStream(cookie: string, method = "GET") {
        return new Promise<{ response: IncomingMessage; text: () => string; close: () => void; ended: Promise<void> }>(
          (resolve, reject) => {
            const req = httpRequest(
              { host: "127.0.0.1", port, path: "/api/notifications/stream", method, headers: { cookie } },
              (response) => {
                let received = "";
                response.setEncoding("utf8");
                response.on("data", (chunk: string) => (received += chunk));
                const ended = new Promise<void>((done) => response.on("end", done));
                resolve({ response, text: () => received, close: () => req.destroy(), ended });
              },
            );
            req.on("error", reject);
            req.end();
          },
        );
      },
  );

const events = (text: string) => text.split("\n").filter((line) => line === "event: re-read").length;

describe("the notification stream on the Node listener", () => {
  it("answers with the API's headers, says re-read on opening and for its reader only, and lets go when closed", async ({
    database,
    openStream,
    write,
  }) => {
    const hub = hubOf(database.listen, database.db);
    const reader = await signedInUser(database.db);
    const other = await signedInUser(database.db, "user", "Nima");
    const stream = await openStream(reader.cookie);
    expect(stream.response.statusCode).toBe(200);
    expect(stream.response.headers["content-type"]).toContain("text/event-stream");
    expect(stream.response.headers["cache-control"]).toContain("no-store");
    expect(stream.response.headers["x-content-type-options"]).toBe("nosniff");
    expect(stream.response.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(stream.response.headers["x-takapoo-stream"]).toBeUndefined();
    await expect.poll(() => stream.text()).toContain("retry: 3000\nevent: re-read\ndata: re-read\n\n");
    expect(hub.size).toBe(1);

    await write(other.user.id, `other:${other.user.id}`);
    await write(reader.user.id, `mine:${reader.user.id}`);
    await expect.poll(() => events(stream.text())).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(events(stream.text())).toBe(2); // the other reader's notification woke nobody here

    stream.close();
    await expect.poll(() => hub.size).toBe(0);
  });

  it("refuses without a session, and answers HEAD with the head alone", async ({ database, openStream }) => {
    const anonymous = await openStream("");
    expect(anonymous.response.statusCode).toBe(401);
    const reader = await signedInUser(database.db);
    const head = await openStream(reader.cookie, "HEAD");
    expect(head.response.statusCode).toBe(200);
    await head.ended;
    expect(hubOf(database.listen, database.db).size).toBe(0);
  });
});
