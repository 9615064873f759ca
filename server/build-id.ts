import { readFileSync } from "node:fs";
import path from "node:path";

let buildId: string | null | undefined;

/** The id of the build this process serves (.next/BUILD_ID), null when run without a build. */
export function currentBuildId(): string | null {
  if (buildId === undefined) {
    try {
      buildId = readFileSync(path.join(process.cwd(), ".next", "BUILD_ID"), "utf8").trim() || null;
    } catch {
      buildId = null;
    }
  }
  return buildId;
}
