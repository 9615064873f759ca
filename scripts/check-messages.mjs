// Message-key parity: the four locale files hold the same keys, no value is empty, every value
// uses the same placeholders as fa-IR's, and tr-TR / ar-AE are translated rather than English copies.
import { readFileSync } from "node:fs";

const locales = ["fa-IR", "en-US", "tr-TR", "ar-AE"];
// Values that are the same in every language by nature (endonyms, protocol names, an arrow between two values).
const sameEverywhere = [
  /^language\.names\./,
  /^admin\.audit\.fromTo$/,
  /^api\.errors\.unsupported_media_type$/,
  /^meta\.(brand|titleTemplate)$/,
];

const flatten = (object, prefix = "") =>
  Object.entries(object).flatMap(([key, value]) =>
    value && typeof value === "object" ? flatten(value, `${prefix}${key}.`) : [[`${prefix}${key}`, value]],
  );
const placeholders = (text) =>
  [...String(text).matchAll(/\{\s*([a-zA-Z_]\w*)\s*[,}]/g)]
    .map((m) => m[1])
    .sort()
    .join(",");

const files = Object.fromEntries(locales.map((l) => [l, new Map(flatten(JSON.parse(readFileSync(`messages/${l}.json`, "utf8"))))]));
const allKeys = new Set(locales.flatMap((l) => [...files[l].keys()]));
const problems = [];

for (const key of allKeys) {
  for (const locale of locales) {
    const value = files[locale].get(key);
    if (value === undefined) problems.push(`${locale}: missing ${key}`);
    else if (typeof value !== "string" || value.trim() === "") problems.push(`${locale}: empty ${key}`);
    else if (placeholders(value) !== placeholders(files["fa-IR"].get(key) ?? ""))
      problems.push(`${locale}: placeholders of ${key} differ from fa-IR`);
  }
  if (sameEverywhere.some((pattern) => pattern.test(key))) continue;
  for (const locale of ["tr-TR", "ar-AE"]) {
    const value = files[locale].get(key);
    if (typeof value === "string" && /[A-Za-z]{3}/.test(value) && value === files["en-US"].get(key) && value !== files["fa-IR"].get(key)) {
      problems.push(`${locale}: ${key} is the English text, not a translation`);
    }
  }
}

if (problems.length) {
  console.error(`messages: ${problems.length} problem(s)\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log(`messages: ${allKeys.size} keys, identical in ${locales.join(", ")}`);
