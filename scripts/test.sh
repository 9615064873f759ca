#!/usr/bin/env bash
# `npm test`: every check, in order, stopping at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

step() { printf '\n==> %s\n' "$*"; }

# Every runner also writes a JSON report here; the last line adds them up.
REPORTS="$(mktemp -d -t takapoo-reports-XXXXXX)"
E2E_DATA_DIR=""
trap 'rm -rf "$REPORTS" ${E2E_DATA_DIR:+"$E2E_DATA_DIR"}' EXIT
run_vitest() { # name, then vitest arguments
  local name="$1"
  shift
  npx vitest run "$@" --reporter=default --reporter=json --outputFile.json="$REPORTS/$name.json"
}

step "typecheck"
npx tsc --noEmit

step "lint and format"
npx eslint . --max-warnings=0
# Not `check && echo`: under set -e a failing command on the left of && does not stop the script.
npx prettier --check . >/dev/null
echo "prettier: all files formatted"

step "message keys"
node scripts/check-messages.mjs

step "unit tests"
run_vitest unit --project unit

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  # Every API test runs on PostgreSQL, two files at a time (a database per worker); on PGlite only the
  # files where the embedded database can behave differently (tests/api/pglite.txt says which and why).
  step "API tests on PostgreSQL"
  run_vitest api-postgres --project api
  step "API tests on PGlite (where it can differ)"
  mapfile -t PGLITE_FILES < <(grep -v '^\s*#' tests/api/pglite.txt | grep -v '^\s*$')
  TEST_DATABASE_URL="" run_vitest api-pglite --project api "${PGLITE_FILES[@]}"
else
  step "API tests on PGlite"
  TEST_DATABASE_URL="" run_vitest api-pglite --project api
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

step "end-to-end tests (production build through npm start, fresh data)"
free_port() { node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
E2E_PORT="$(free_port)"
E2E_WIDGET_PORT="$(free_port)"
E2E_SENTRY_PORT="$(free_port)"
E2E_KAVENEGAR_PORT="$(free_port)"
E2E_YOUTUBE_PORT="$(free_port)"
E2E_JIBIT_PORT="$(free_port)"
E2E_DEMO_PORT="$(free_port)"
E2E_DATA_DIR="$(mktemp -d -t takapoo-e2e-XXXXXX)"
export E2E_PORT E2E_WIDGET_PORT E2E_SENTRY_PORT E2E_KAVENEGAR_PORT E2E_YOUTUBE_PORT E2E_JIBIT_PORT E2E_DEMO_PORT E2E_DATA_DIR
PLAYWRIGHT_JSON_OUTPUT_NAME="$REPORTS/e2e.json" npx playwright test --reporter=list,json

node scripts/test-summary.mjs "$REPORTS"
