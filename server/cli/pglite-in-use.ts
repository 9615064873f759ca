import { readdirSync, readlinkSync } from "node:fs";
import path from "node:path";
import { env } from "@/server/core/env";
import { dataDir } from "@/server/db";

/**
 * Other processes holding files of the PGlite folder open (the server keeps its WAL open while it
 * runs). PGlite has no lock of its own: two processes on one folder corrupt it. Linux answers
 * through /proc; elsewhere null (unknown).
 */
function processesUsing(folder: string): number[] | null {
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  const prefix = `${folder}${path.sep}`;
  const holders: number[] = [];
  for (const pid of pids) {
    if (Number(pid) === process.pid) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith(prefix)) {
          holders.push(Number(pid));
          break;
        }
      } catch {
        // gone meanwhile
      }
    }
  }
  return holders;
}

/**
 * For a command that opens the database itself (npm run admin, backup, restore): on PGlite, why it
 * must not run now — another process (the server?) holds the folder — or null. On PostgreSQL, null.
 * Where /proc cannot tell, a warning under `tag` and null.
 */
export function pgliteInUse(tag: string): string | null {
  if (env.DATABASE_URL) return null;
  const folder = path.join(dataDir(), "pglite");
  const holders = processesUsing(folder);
  if (!holders) console.warn(`${tag} make sure the server is stopped: PGlite (${folder}) allows one process at a time.`);
  if (!holders?.length) return null;
  return (
    `The PGlite database in ${folder} is in use by process ${holders.join(", ")} (the server?). ` +
    "PGlite allows one process at a time: stop the server, run this command, then start the server again."
  );
}
