// Debian's Chromium, as every browser test and bench here starts it: no sandbox (root), no GPU, and
// none of the background connections this network would refuse.
export const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
