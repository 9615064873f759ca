// Run after `npm install` when the lockfile changes. This registry mirror does not carry every
// platform's optional binary (e.g. @next/swc-darwin-arm64). `npm install` skips the 404s, but
// `npm ci` then finds the ideal tree's placeholders for them missing from the lockfile and refuses
// to install. Recording each as an optional, version-less entry where npm places it keeps
// `npm ci` working; on install npm skips them like any optional dependency it cannot fetch.
import { readFileSync, writeFileSync } from "node:fs";

const lockPath = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, "utf8"));
const packages = lock.packages;
let added = 0;

for (const [location, entry] of Object.entries(packages)) {
  if (!location || !entry.optionalDependencies) continue;
  for (const name of Object.keys(entry.optionalDependencies)) {
    // Present where node resolution would find it (nested or hoisted)? Then nothing to do.
    const segments = location.split("/node_modules/");
    let found = false;
    for (let i = segments.length; i >= 0 && !found; i--) {
      const prefix = segments.slice(0, i).join("/node_modules/");
      const candidate = prefix ? `${prefix}/node_modules/${name}` : `node_modules/${name}`;
      if (packages[candidate]?.version) found = true;
    }
    if (found) continue;
    const nested = `${location}/node_modules/${name}`;
    if (!packages[nested]) {
      packages[nested] = { optional: true };
      added++;
    }
  }
}

// Version-less hoisted placeholders from earlier runs are not where npm looks for them.
for (const [location, entry] of Object.entries(packages)) {
  if (
    location.startsWith("node_modules/") &&
    !location.slice(13).includes("node_modules/") &&
    !entry.version &&
    entry.optional &&
    Object.keys(entry).length === 1
  ) {
    delete packages[location];
  }
}

writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lockfile: ${added} unavailable optional dependencies recorded`);
