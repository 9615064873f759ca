// Prints /api/openapi.json (sorted keys) for comparing the contract before and after a change.
import { createApp } from "@/server/app";
const app = createApp({ database: () => Promise.reject(new Error("openapi.json needs no database")) });
const doc = await (await app.request("/api/openapi.json")).json();
const sort = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(sort)
    : v && typeof v === "object"
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
        )
      : v;
process.stdout.write(JSON.stringify(sort(doc), null, 2) + "\n");
