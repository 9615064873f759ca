// Merges new message keys into messages/<locale>.json in one read-modify-write per file:
//   node scripts/add-messages.mjs keys.json
// where keys.json is {"fa-IR": {"namespace": {...}}, "en-US": {...}, ...}. Existing keys are overwritten
// by the new values; everything else is kept in place.
import { readFileSync, writeFileSync } from "node:fs";

const [file] = process.argv.slice(2);
if (!file) throw new Error("usage: node scripts/add-messages.mjs keys.json");
const additions = JSON.parse(readFileSync(file, "utf8"));

function merge(target, source) {
  for (const [key, value] of Object.entries(source)) {
    if (value && typeof value === "object" && !Array.isArray(value) && target[key] && typeof target[key] === "object")
      merge(target[key], value);
    else target[key] = value;
  }
}

for (const [locale, tree] of Object.entries(additions)) {
  const path = new URL(`../messages/${locale}.json`, import.meta.url);
  const messages = JSON.parse(readFileSync(path, "utf8"));
  merge(messages, tree);
  writeFileSync(path, JSON.stringify(messages, null, 2) + "\n");
  console.log(`messages/${locale}.json updated`);
}
