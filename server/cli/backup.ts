/**
 * `npm run backup -- [FILE]`: writes a consistent backup of this installation — the database
 * (PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR) and the uploaded files — to FILE
 * (default: takapoo-backup-<date>-<time>.jsonl.gz here). On PostgreSQL it runs beside the live
 * server (one repeatable-read snapshot); on PGlite the server must be stopped (one process at a time).
 * `npm run restore -- FILE`: restores one into an installation with nothing in it yet (a new
 * DATA_DIR or an empty PostgreSQL database; the migrations are applied first), refusing any other.
 * Exit status: 0 done, 2 refused (nothing changed), 1 anything else. server/db/backup.ts has the format.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { fileStorageFromEnv } from "@/server/adapters/storage";
import { env, rawEnv } from "@/server/core/env";
import { dataDir } from "@/server/db";
import { openDatabase } from "@/server/db/client";
import { BackupRefused, restoreBackup, writeBackup, type BackupCounts } from "@/server/db/backup";
import { checkLedgerInvariants } from "@/server/ledger";
import { pgliteInUse } from "@/server/cli/pglite-in-use";

const USAGE = `Usage: npm run backup -- [FILE]
       npm run restore -- FILE

backup writes the database and the uploaded files to FILE (default takapoo-backup-<date>-<time>.jsonl.gz).
restore puts a backup into an installation with nothing in it yet, and refuses any other.
Both use DATABASE_URL (PostgreSQL) when set, else PGlite in DATA_DIR (default ./.data): on PGlite stop the
server first. For production on PostgreSQL see docs/operations.md (base backups and WAL archiving).`;

const describe = (counts: BackupCounts) =>
  `${counts.tables} tables, ${counts.rows.toLocaleString("en")} rows, ${counts.sequences} sequences, ${counts.uploads} files` +
  (counts.missingUploads ? ` (${counts.missingUploads} uploads named in the database were missing from the storage)` : "");

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ options: { restore: { type: "boolean" } }, allowPositionals: true, strict: true });
  const restore = values.restore === true;
  const file =
    positionals[0] ??
    (restore ? null : `takapoo-backup-${new Date().toISOString().slice(0, 19).replace(/[-:]/g, "").replace("T", "-")}.jsonl.gz`);
  if (!file || positionals.length > 1) throw new BackupRefused(USAGE);
  const busy = pgliteInUse(restore ? "[restore]" : "[backup]");
  if (busy) throw new BackupRefused(busy);
  const database = await openDatabase({
    url: env.DATABASE_URL,
    directUrl: env.DATABASE_DIRECT_URL,
    maxConnections: 2,
    dataDir: env.DATABASE_URL ? undefined : path.join(dataDir(), "pglite"),
  });
  try {
    const storage = fileStorageFromEnv(rawEnv(), dataDir());
    if (!restore) {
      const counts = await writeBackup(database.db, storage, path.resolve(file));
      console.log(`[backup] ${path.resolve(file)}: ${describe(counts)}`);
      return;
    }
    const counts = await restoreBackup(database.db, storage, path.resolve(file));
    const broken = await checkLedgerInvariants({ db: database.db });
    console.log(`[restore] ${describe(counts)}; ledger invariants: ${broken.length ? `BROKEN ${JSON.stringify(broken)}` : "hold"}`);
    if (broken.length) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    if (error instanceof BackupRefused || (error instanceof Error && "code" in error && error.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION")) {
      console.error(`${process.argv.includes("--restore") ? "[restore]" : "[backup]"} refused: ${error.message}`);
      process.exit(2);
    }
    console.error("[backup] failed:", error);
    process.exit(1);
  },
);
