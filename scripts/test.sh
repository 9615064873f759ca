#!/usr/bin/env bash
# `npm test`: every check, in order, stopping at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

step() { printf '\n==> %s\n' "$*"; }

step "typecheck"
npx tsc --noEmit

step "lint and format"
npx eslint . --max-warnings=0
npx prettier --check . >/dev/null && echo "prettier: all files formatted"

step "message keys"
node scripts/check-messages.mjs

step "unit tests"
npx vitest run --project unit

step "API tests on PGlite"
env -u TEST_DATABASE_URL npx vitest run --project api

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "API tests on PostgreSQL"
  npx vitest run --project api
fi

step "browser"
export CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$CHROMIUM_PATH" ]; then
  echo "installing Debian's chromium"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
"$CHROMIUM_PATH" --version

step "production build"
npx next build >/tmp/takapoo-build.log 2>&1 || { cat /tmp/takapoo-build.log; exit 1; }
tail -n 5 /tmp/takapoo-build.log

step "end-to-end tests (production server, fresh data)"
E2E_PORT="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
E2E_DATA_DIR="$(mktemp -d -t takapoo-e2e-XXXXXX)"
export E2E_PORT E2E_DATA_DIR
trap 'rm -rf "$E2E_DATA_DIR"' EXIT
npx playwright test
