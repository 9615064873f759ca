// `npm run bench:lighthouse`: Lighthouse (mobile, Debian's Chromium) on the production build's
// landing page in Persian and English; prints the four category scores against the targets.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumArgs, chromiumPath } from "../chromium.mjs";
import { startServer } from "./server.mjs";

const targets = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };
const { base, stop } = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: ["--headless=new", ...chromiumArgs],
});

let missed = false;
try {
  for (const path of ["/", "/en-US"]) {
    const result = await lighthouse(`${base}${path}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: Object.keys(targets),
    });
    const scores = Object.fromEntries(Object.keys(targets).map((id) => [id, Math.round((result.lhr.categories[id]?.score ?? 0) * 100)]));
    const line = Object.entries(scores)
      .map(([id, score]) => `${id} ${score}${score < targets[id] ? ` (target ${targets[id]} MISS)` : ""}`)
      .join(", ");
    if (Object.entries(scores).some(([id, score]) => score < targets[id])) missed = true;
    console.log(`lighthouse ${path.padEnd(7)} ${line}`);
    for (const [id, category] of Object.entries(result.lhr.categories)) {
      if (category.score === 1) continue;
      const failing = category.auditRefs
        .map((ref) => result.lhr.audits[ref.id])
        .filter((audit) => audit && audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== "informative")
        .map((audit) => audit.id);
      if (failing.length) console.log(`  ${id}: ${failing.slice(0, 8).join(", ")}`);
    }
  }
} finally {
  await chrome.kill();
  stop();
}
console.log(missed ? "some targets missed" : "all targets met");
process.exit(0);
