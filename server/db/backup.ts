import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import readline from "node:readline";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { sql } from "drizzle-orm";
import type { FileStorage } from "@/server/adapters/storage";
import type { Db } from "@/server/db/client";

/**
 * Backups that restore (issue 35 item 6): one gzip file of JSON lines holding every table of the
 * `public` schema, its sequences and the uploaded files, read in ONE repeatable-read, read-only
 * transaction — a consistent snapshot taken while the installation runs and money moves (PostgreSQL
 * gives every statement of it the same view). The background jobs' queue (pg-boss's own schema) is
 * not in it: a restored installation schedules its jobs again at start, and every job is idempotent.
 *
 * Lines, in order: ["header", Header], then per table (parents before children) ["table", name] and
 * one ["row", {...}] per row, then ["sequence", name, last_value, is_called] per sequence, then
 * ["upload", key, contentType, base64] per file the `uploads` table names, and ["end", Counts] last —
 * a file without it was cut short and is refused.
 */

export const BACKUP_FORMAT = "takapoo-backup";
const VERSION = 1;
const BATCH = 1_000;

export type BackupHeader = {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** Migrations applied to the database it came from: a restore needs the same. */
  migrations: number;
  tables: string[];
};
export type BackupCounts = { tables: number; rows: number; sequences: number; uploads: number; missingUploads: number };

/** Why a restore was refused (the file, or the installation it was to go into); nothing was changed. */
export class BackupRefused extends Error {}

type Q = Pick<Db, "execute">;

const rowsOf = async <T>(q: Q, query: ReturnType<typeof sql>) => (await q.execute(query)).rows as T[];

/** The public schema's tables, each after the tables its foreign keys point to. */
async function tablesInOrder(q: Q): Promise<string[]> {
  const tables = (
    await rowsOf<{ name: string }>(
      q,
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )
  ).map((row) => row.name);
  const edges = await rowsOf<{ child: string; parent: string }>(
    q,
    sql`select c.relname as child, p.relname as parent from pg_constraint k
        join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
        join pg_namespace n on n.oid = c.relnamespace
        where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid`,
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (table: string, path: Set<string>) => {
    if (placed.has(table) || path.has(table)) return;
    path.add(table);
    for (const edge of edges) if (edge.child === table) visit(edge.parent, path);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

async function migrationCount(q: Q): Promise<number> {
  const [row] = await rowsOf<{ n: number | string }>(q, sql`select count(*) as n from drizzle.__drizzle_migrations`);
  return Number(row?.n ?? 0);
}

async function sequences(q: Q): Promise<string[]> {
  return (
    await rowsOf<{ name: string }>(
      q,
      sql`select sequence_name as name from information_schema.sequences where sequence_schema = 'public' order by 1`,
    )
  ).map((row) => row.name);
}

/**
 * Writes the backup of `db` (and of the files `storage` holds for its `uploads` rows) to `file`: to
 * `file.partial` first, renamed when complete, so a file under the name asked for is always whole.
 */
export async function writeBackup(db: Db, storage: FileStorage, file: string): Promise<BackupCounts> {
  const partial = `${file}.partial`;
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(partial, { mode: 0o600 }));
  const line = async (value: unknown) => {
    if (!gzip.write(`${JSON.stringify(value)}\n`)) await once(gzip, "drain");
  };
  const counts: BackupCounts = { tables: 0, rows: 0, sequences: 0, uploads: 0, missingUploads: 0 };
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set transaction isolation level repeatable read, read only`);
      const tables = await tablesInOrder(tx);
      const header: BackupHeader = {
        format: BACKUP_FORMAT,
        version: VERSION,
        createdAt: new Date().toISOString(),
        migrations: await migrationCount(tx),
        tables,
      };
      await line(["header", header]);
      for (const table of tables) {
        await line(["table", table]);
        counts.tables++;
        await tx.execute(sql`declare backup_rows no scroll cursor for select to_jsonb(t)::text as row from ${sql.identifier(table)} t`);
        for (;;) {
          const batch = await rowsOf<{ row: string }>(tx, sql`fetch forward ${sql.raw(String(BATCH))} from backup_rows`);
          for (const { row } of batch) {
            if (!gzip.write(`["row",${row}]\n`)) await once(gzip, "drain");
          }
          counts.rows += batch.length;
          if (batch.length < BATCH) break;
        }
        await tx.execute(sql`close backup_rows`);
      }
      for (const name of await sequences(tx)) {
        const [state] = await rowsOf<{ last_value: string | number; is_called: boolean }>(
          tx,
          sql`select last_value, is_called from ${sql.identifier(name)}`,
        );
        await line(["sequence", name, Number(state!.last_value), state!.is_called]);
        counts.sequences++;
      }
      const uploads = await rowsOf<{ storage_key: string; content_type: string }>(
        tx,
        sql`select storage_key, content_type from uploads order by created_at`,
      );
      for (const upload of uploads) {
        const stored = await storage.get(upload.storage_key);
        if (!stored) {
          counts.missingUploads++;
          continue;
        }
        await line(["upload", upload.storage_key, stored.contentType, Buffer.from(stored.bytes).toString("base64")]);
        counts.uploads++;
      }
      await line(["end", counts]);
    });
    gzip.end();
    await written;
    await rename(partial, file);
    return counts;
  } catch (error) {
    gzip.destroy();
    await written.catch(() => undefined);
    await rm(partial, { force: true });
    throw error;
  }
}

/** Whether this installation holds nothing of anyone's yet (no people, no money moved): the only kind a backup restores into. */
async function isEmpty(q: Q): Promise<boolean> {
  const [row] = await rowsOf<{ taken: boolean }>(
    q,
    sql`select exists (select 1 from users) or exists (select 1 from ledger_transfers) as taken`,
  );
  return !row?.taken;
}

/**
 * Restores `file` into `db` — an installation with this version's migrations and nothing of anyone's
 * yet (refused otherwise, nothing changed) — in one transaction: the tables emptied (the rows the
 * migrations and the first start seed are in the backup), the rows put back as they were with the
 * tables' own triggers off (the counters they keep are in the backup too), the sequences set; then the
 * files put into `storage`. A file cut short, or of another format, rolls everything back.
 */
export async function restoreBackup(db: Db, storage: FileStorage, file: string): Promise<BackupCounts> {
  const counts: BackupCounts = { tables: 0, rows: 0, sequences: 0, uploads: 0, missingUploads: 0 };
  await db.transaction(async (tx) => {
    let header: BackupHeader | null = null;
    let table: string | null = null;
    let batch: string[] = [];
    let ended = false;
    const flush = async () => {
      if (!table || batch.length === 0) return;
      const json = `[${batch.join(",")}]`;
      await tx.execute(
        sql`insert into ${sql.identifier(table)} select * from jsonb_populate_recordset(null::${sql.identifier(table)}, ${json}::jsonb)`,
      );
      counts.rows += batch.length;
      batch = [];
    };
    // Opened here, at the first line read: a readline made earlier would emit its lines while the
    // transaction begins, before anyone iterates, and they would be lost.
    const read = async function* () {
      const lines = readline.createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
      try {
        yield* lines;
      } catch (error) {
        // zlib's own errors (Z_BUF_ERROR on a cut file, Z_DATA_ERROR on another kind of file).
        if (error instanceof Error && "code" in error && String(error.code).startsWith("Z_"))
          throw new BackupRefused("the file is damaged or cut short (not a whole gzip file): nothing was restored");
        throw error;
      }
    };
    for await (const text of read()) {
      if (!text) continue;
      if (ended) throw new BackupRefused("the file goes on after its end: it is not a backup made by npm run backup");
      if (!header) {
        header = parseHeader(text);
        const here = await migrationCount(tx);
        if (header.migrations !== here)
          throw new BackupRefused(
            `the backup was made with ${header.migrations} migrations and this installation has ${here}: restore it with the version that made it`,
          );
        if (!(await isEmpty(tx))) throw new BackupRefused("this installation already has people or money in it: restore into an empty one");
        const tables = await tablesInOrder(tx);
        const unknown = header.tables.filter((name) => !tables.includes(name));
        if (unknown.length) throw new BackupRefused(`the backup has tables this installation does not: ${unknown.join(", ")}`);
        for (const name of tables) await tx.execute(sql`alter table ${sql.identifier(name)} disable trigger user`);
        await tx.execute(sql.raw(`truncate table ${tables.map((name) => `"${name}"`).join(", ")} cascade`));
        continue;
      }
      // A row line is written as-is by writeBackup: `["row",{…}]`; its object is cut out without a parse.
      if (text.startsWith('["row",')) {
        if (!table) throw new BackupRefused("a row before any table: the file is damaged");
        batch.push(text.slice(7, -1));
        if (batch.length >= BATCH) await flush();
        continue;
      }
      const [kind, ...rest] = JSON.parse(text) as [string, ...unknown[]];
      await flush();
      if (kind === "table") {
        table = String(rest[0]);
        if (!header.tables.includes(table)) throw new BackupRefused(`table ${table} is not in the backup's header`);
        counts.tables++;
      } else if (kind === "sequence") {
        const [name, last, called] = rest as [string, number, boolean];
        await tx.execute(sql`select setval(${name}::regclass, ${last}, ${called})`);
        counts.sequences++;
      } else if (kind === "upload") {
        const [key, contentType, data] = rest as [string, string, string];
        await storage.put(key, new Uint8Array(Buffer.from(data, "base64")), contentType);
        counts.uploads++;
      } else if (kind === "end") {
        const expected = rest[0] as BackupCounts;
        if (expected.rows !== counts.rows || expected.tables !== counts.tables || expected.uploads !== counts.uploads)
          throw new BackupRefused("the file's counts do not match what it holds: it is damaged");
        counts.missingUploads = expected.missingUploads;
        ended = true;
      } else throw new BackupRefused(`an unknown line "${kind}": the file is damaged or from a newer version`);
    }
    if (!header) throw new BackupRefused("the file is empty");
    if (!ended) throw new BackupRefused("the file was cut short (no end line): nothing was restored");
    for (const name of header.tables) await tx.execute(sql`alter table ${sql.identifier(name)} enable trigger user`);
  });
  return counts;
}

function parseHeader(text: string): BackupHeader {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new BackupRefused("the file is not a backup made by npm run backup");
  }
  const header = Array.isArray(parsed) && parsed[0] === "header" ? (parsed[1] as BackupHeader) : null;
  if (!header || header.format !== BACKUP_FORMAT) throw new BackupRefused("the file is not a backup made by npm run backup");
  if (header.version !== VERSION) throw new BackupRefused(`backup format version ${header.version} is not one this version reads`);
  return header;
}
