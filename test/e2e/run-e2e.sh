#!/usr/bin/env bash
# End-to-end test in a real VS Code (code-server 4.100.3 + Debian chromium, see
# ../shared/vscode-e2e-recipe): build, package the .vsix, install it into a fresh profile, start
# code-server on a copy of the fixture workspace, run (1) the UI pass (ui.js, playwright) and
# (2) the mocha suite inside the extension host (exttest.js → dist/test/suite.js).
# Idempotent; exits nonzero when anything fails. Screenshots: test/e2e/screenshots/.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
CS_DIR="${THREADLINE_CS_DIR:-$HOME/.cache/threadline-e2e/cs}"
FIXTURE="${THREADLINE_E2E_WORKSPACE:-$ROOT/test/fixtures/motivating}"
export SHOTS="${SHOTS:-$HERE/screenshots}"
T0=$(date +%s.%N)
el() { printf '%.1f' "$(echo "$(date +%s.%N) - $T0" | bc)"; }

THREADLINE_CS_DIR="$CS_DIR" bash "$HERE/setup.sh" >/dev/null
echo "[$(el)s] setup ok (code-server in $CS_DIR)"

R=$(mktemp -d "${TMPDIR:-/tmp}/threadline-e2e-XXXX")
CSPID=
cleanup() {
  if [ -n "$CSPID" ]; then kill -- "-$CSPID" 2>/dev/null || true; wait "$CSPID" 2>/dev/null || true; fi
  if [ "${KEEP_E2E_TMP:-}" = 1 ]; then echo "kept $R"; else rm -rf "$R"; fi
}
trap cleanup EXIT

cd "$ROOT"
npm run -s build
[ -f dist/server.js ] || { echo "dist/server.js is missing: the language server is not built" >&2; exit 1; }
VSIX="$R/threadline.vsix" npm run -s package >/dev/null
SIZE=$(stat -c %s "$R/threadline.vsix")
echo "[$(el)s] built + packaged threadline.vsix ($SIZE bytes)"
[ "$SIZE" -lt 2097152 ] || { echo "the .vsix is over 2 MB" >&2; exit 1; }

THREADLINE_CS_DIR="$CS_DIR" node "$HERE/grammar.js"

mkdir -p "$R/udd/User" "$R/exts" "$R/cfg" "$R/ws" "$SHOTS"
cp "$HERE/settings.json" "$R/udd/User/settings.json"
WS="$R/ws/$(basename "$FIXTURE")"
cp -r "$FIXTURE" "$WS"
export XDG_CONFIG_HOME="$R/cfg"                  # else code-server writes ~/.config/code-server/config.yaml
export EXTENSIONS_GALLERY='{"serviceUrl":""}'    # no gallery look-ups
CS=("$CS_DIR/node_modules/.bin/code-server" --user-data-dir "$R/udd" --extensions-dir "$R/exts")
"${CS[@]}" --install-extension "$R/threadline.vsix" >/dev/null
echo "[$(el)s] vsix installed into $R/exts"

PORT=${PORT:-$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')}
# setsid: own process group, so code-server's children (ext host, language server) die with it
setsid "${CS[@]}" --bind-addr "127.0.0.1:$PORT" --auth none --disable-telemetry --disable-update-check \
  --disable-workspace-trust --disable-getting-started-override "$WS" > "$R/cs.log" 2>&1 &
CSPID=$!
for _ in $(seq 1 300); do curl -sf -o /dev/null "http://127.0.0.1:$PORT/healthz" && break; sleep 0.1; done
curl -sf -o /dev/null "http://127.0.0.1:$PORT/healthz" || { echo "code-server did not start" >&2; cat "$R/cs.log" >&2; exit 1; }
echo "[$(el)s] code-server listening on $PORT (pid $CSPID)"

rc=0
if [ "${SKIP_UI:-}" != 1 ]; then
  rm -f "$SHOTS"/*.png
  CS_URL="http://127.0.0.1:$PORT/" CS_FOLDER="$WS" node "$HERE/ui.js" || rc=1
  echo "[$(el)s] UI pass done rc=$rc"
fi
if [ "${SKIP_EXTHOST:-}" != 1 ]; then
  CS_PORT=$PORT CS_FOLDER="$WS" EXT_DIR="$ROOT" EXT_TESTS="$ROOT/dist/test/suite.js" node "$HERE/exttest.js" || rc=1
  echo "[$(el)s] extension-host pass done rc=$rc"
fi
if [ $rc -ne 0 ]; then echo "--- code-server log (tail) ---"; tail -40 "$R/cs.log"; fi
echo "TOTAL $(el)s rc=$rc (screenshots in $SHOTS)"
exit $rc
