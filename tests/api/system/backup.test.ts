import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync, gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { Client } from "pg";
import { describe, expect } from "vitest";
import { localFileStorage } from "@/server/adapters/storage";
import { openDatabase, type Database } from "@/server/db/client";
import { BackupRefused, restoreBackup, writeBackup } from "@/server/db/backup";
import { uploads, users } from "@/server/db/schema";
import { checkLedgerInvariants, ensureAccounts, gatewayAccountCode, systemAccountCode, transfer, userAccountCode } from "@/server/ledger";
import { apiTest } from "@/tests/api/support/fixture";

// Issue 35 item 6: a backup of a running installation with money in flight restores elsewhere whole —
// ledger invariants and every balance — and a restore refuses a non-empty installation, a file cut
// short or another kind of file, changing nothing. Also through the commands themselves (npm run
// backup / restore), on PostgreSQL when TEST_DATABASE_URL is set, else on PGlite folders.

const it = apiTest.override("maxConnections", 12);
const pg = process.env.TEST_DATABASE_URL;
const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "takapoo-backup-"));
  folders.push(dir);
  return dir;
};
const databases: string[] = [];
it.afterAll(async () => {
  folders.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  if (!pg || databases.length === 0) return;
  const client = new Client({ connectionString: pg });
  await client.connect();
  for (const name of databases) await client.query(`drop database if exists ${name} with (force)`);
  await client.end();
});

/** An empty installation elsewhere: a new PostgreSQL database beside the tests', or a new PGlite. */
async function elsewhere(
  source: Database,
  name = `takapoo_restore_${randomUUID().slice(0, 8)}`,
): Promise<{ database: Database; url?: string }> {
  if (!pg) return { database: await openDatabase({}) };
  await source.db.execute(sql.raw(`create database ${name}`));
  databases.push(name);
  const url = pg.replace(/\/[^/?]+(\?|$)/, `/${name}$1`);
  return { database: await openDatabase({ url, maxConnections: 3 }), url };
}

const balances = async (database: Database) =>
  Object.fromEntries(
    (
      (await database.db.execute(sql`select code, balance::text, pending_debits::text from ledger_accounts order by code`)).rows as {
        code: string;
        balance: string;
        pending_debits: string;
      }[]
    ).map((row) => [row.code, `${row.balance}/${row.pending_debits}`]),
  );

const rowCounts = async (database: Database) =>
  (
    await database.db.execute(
      sql`select table_name as t, (xpath('/row/n/text()', query_to_xml(format('select count(*) as n from %I', table_name), false, true, '')))[1]::text as n
          from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )
  ).rows;

/** People with money: charged wallets, earnings, a payout's pending hold (money in flight), an uploaded ID card. */
async function marketplace(database: Database, storage: ReturnType<typeof localFileStorage>, people = 6) {
  const db = database.db;
  const made = await db
    .insert(users)
    .values(Array.from({ length: people }, (_, i) => ({ firstName: `P${i}`, lastName: "Backup", phone: `+98912${String(7_000_000 + i)}` })))
    .returning({ id: users.id });
  const ids = made.map((row) => row.id);
  const bank = gatewayAccountCode("sandbox");
  await ensureAccounts(
    { db },
    {
      specs: [bank, systemAccountCode("payouts"), ...ids.flatMap((id) => [userAccountCode(id, "wallet"), userAccountCode(id, "earnings")])],
    },
  );
  for (const id of ids) {
    await transfer(
      { db },
      { idempotencyKey: `charge:${id}`, from: bank, to: userAccountCode(id, "wallet"), amount: 50_000_000, intent: "wallet_charge" },
    );
    await transfer(
      { db },
      { idempotencyKey: `earn:${id}`, from: bank, to: userAccountCode(id, "earnings"), amount: 9_000_000, intent: "reward" },
    );
    await transfer(
      { db },
      {
        idempotencyKey: `hold:${id}`,
        from: userAccountCode(id, "earnings"),
        to: systemAccountCode("payouts"),
        amount: 3_000_000,
        intent: "payout",
        pending: true,
      },
    );
  }
  const key = `identity-cards/${randomUUID()}.png`;
  const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]);
  await storage.put(key, bytes, "image/png");
  await db
    .insert(uploads)
    .values({ ownerId: ids[0]!, kind: "identity_card", storageKey: key, contentType: "image/png", bytes: bytes.length });
  return { ids, key, bytes };
}

describe("backups that restore", () => {
  it(
    "a running installation with money moving: the restored one holds a consistent moment, and a quiet one every balance and row",
    { timeout: 120_000 },
    async ({ database }) => {
      const storage = localFileStorage(path.join(folder(), "uploads"));
      const { ids, key, bytes } = await marketplace(database, storage);
      // Money keeps moving while the backup is taken: wallet-to-wallet transfers, 4 at a time.
      let moving = true;
      let moved = 0;
      const movers = Array.from({ length: 4 }, async (_, worker) => {
        for (let n = 0; moving; n++) {
          // A turn of the event loop each time (PGlite answers in-process: a tight loop would starve the timers).
          await new Promise((resolve) => setImmediate(resolve));
          const from = ids[(worker + n) % ids.length]!;
          const to = ids[(worker + n + 1) % ids.length]!;
          await transfer(
            { db: database.db },
            {
              idempotencyKey: `move:${worker}:${n}`,
              from: userAccountCode(from, "wallet"),
              to: userAccountCode(to, "wallet"),
              amount: 1_000,
              intent: "refund",
            },
          );
          moved++;
        }
      });
      const live = path.join(folder(), "live.jsonl.gz");
      await new Promise((resolve) => setTimeout(resolve, 200));
      const counts = await writeBackup(database.db, storage, live);
      moving = false;
      await Promise.all(movers);
      expect(moved).toBeGreaterThan(0);
      expect(counts.uploads).toBe(1);

      const first = await elsewhere(database);
      const restoredStorage = localFileStorage(path.join(folder(), "uploads"));
      try {
        const restored = await restoreBackup(first.database.db, restoredStorage, live);
        expect(restored.rows).toBe(counts.rows);
        expect(await checkLedgerInvariants({ db: first.database.db })).toEqual([]);
        // A moment of the source: every restored transfer is the source's, and money is neither made nor lost.
        const { rows: sums } = await first.database.db.execute(sql`select sum(balance)::text as total from ledger_accounts`);
        const total = (sums[0] as { total: string }).total;
        expect(Number(total)).toBe(0);
        const pendingHolds = await first.database.db.execute(sql`select count(*)::int as n from ledger_transfers where status = 'pending'`);
        expect((pendingHolds.rows[0] as { n: number }).n).toBe(ids.length);
        expect(await restoredStorage.get(key)).toEqual({ bytes, contentType: "image/png" });
      } finally {
        await first.database.close();
      }

      // Quiet now: a second backup restores every balance and every table's rows exactly.
      const quiet = path.join(folder(), "quiet.jsonl.gz");
      await writeBackup(database.db, storage, quiet);
      const second = await elsewhere(database);
      try {
        await restoreBackup(second.database.db, localFileStorage(path.join(folder(), "uploads")), quiet);
        expect(await balances(second.database)).toEqual(await balances(database));
        expect(await rowCounts(second.database)).toEqual(await rowCounts(database));
        expect(await checkLedgerInvariants({ db: second.database.db })).toEqual([]);
        // Sequences go on from where they were: the next posted transfer takes the next place.
        const seq = async (d: Database) =>
          Number(((await d.db.execute(sql`select last_value::text as v from ledger_transfers_seq_seq`)).rows[0] as { v: string }).v);
        expect(await seq(second.database)).toBe(await seq(database));
      } finally {
        await second.database.close();
      }
    },
  );

  it(
    "refuses a non-empty installation, a file cut short and another kind of file, changing nothing",
    { timeout: 60_000 },
    async ({ database }) => {
      const storage = localFileStorage(path.join(folder(), "uploads"));
      await marketplace(database, storage, 2);
      const file = path.join(folder(), "whole.jsonl.gz");
      await writeBackup(database.db, storage, file);
      const before = await balances(database);
      await expect(restoreBackup(database.db, storage, file)).rejects.toThrow(/already has people or money/);
      expect(await balances(database)).toEqual(before);

      const target = await elsewhere(database);
      try {
        const lines = gunzipSync(readFileSync(file)).toString("utf8").trimEnd().split("\n");
        const cut = path.join(folder(), "cut.jsonl.gz");
        writeFileSync(cut, gzipSync(lines.slice(0, -1).join("\n")));
        await expect(restoreBackup(target.database.db, storage, cut)).rejects.toThrow(/cut short/);
        const halfGzip = path.join(folder(), "half.gz");
        writeFileSync(halfGzip, readFileSync(file).subarray(0, 200));
        await expect(restoreBackup(target.database.db, storage, halfGzip)).rejects.toThrow(BackupRefused);
        const other = path.join(folder(), "other.gz");
        writeFileSync(other, gzipSync('{"hello":"world"}\n'));
        await expect(restoreBackup(target.database.db, storage, other)).rejects.toThrow(/not a backup/);
        const [{ n }] = (await target.database.db.execute(sql`select count(*)::int as n from users`)).rows as [{ n: number }];
        expect(n).toBe(0);
        // …and the whole file still restores into it afterwards.
        await restoreBackup(target.database.db, storage, file);
        expect(await balances(target.database)).toEqual(before);
      } finally {
        await target.database.close();
      }
    },
  );

  it("npm run backup and npm run restore, as an operator runs them", { timeout: 120_000 }, async ({ database }) => {
    const run = (args: string[], env: Record<string, string>) =>
      spawnSync(process.execPath, ["--import", "tsx", "server/cli/backup.ts", ...args], {
        encoding: "utf8",
        env: { ...process.env, ...env },
      });
    const sourceDir = folder();
    const targetDir = folder();
    const file = path.join(folder(), "cli.jsonl.gz");
    let source = database;
    let sourceEnv: Record<string, string> = {};
    let target: { database: Database; url?: string } | null = null;
    if (pg) {
      sourceEnv = { DATABASE_URL: pg, DATA_DIR: sourceDir };
    } else {
      // PGlite in a folder of its own (the fixture's is in memory), closed before the command opens it.
      source = await openDatabase({ dataDir: path.join(sourceDir, "pglite") });
      sourceEnv = { DATABASE_URL: "", DATA_DIR: sourceDir };
    }
    await marketplace(source, localFileStorage(path.join(sourceDir, "uploads")), 3);
    const expected = await balances(source);
    if (!pg) await source.close();

    const backup = run([file], sourceEnv);
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/\[backup\] .*cli\.jsonl\.gz: \d+ tables, [\d,]+ rows, 1 sequences, 1 files/);

    let targetEnv: Record<string, string> = { DATABASE_URL: "", DATA_DIR: targetDir };
    if (pg) {
      target = await elsewhere(database);
      await target.database.close();
      targetEnv = { DATABASE_URL: target.url!, DATA_DIR: targetDir };
    }
    const restore = run(["--restore", file], targetEnv);
    expect(restore.status, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(/\[restore\] .* 1 files; ledger invariants: hold/);
    const again = run(["--restore", file], targetEnv);
    expect(again.status).toBe(2);
    expect(again.stderr).toMatch(/refused: this installation already has people or money/);

    const restored = pg
      ? await openDatabase({ url: target!.url!, maxConnections: 2 })
      : await openDatabase({ dataDir: path.join(targetDir, "pglite") });
    try {
      expect(await balances(restored)).toEqual(expected);
    } finally {
      await restored.close();
    }
  });
});
