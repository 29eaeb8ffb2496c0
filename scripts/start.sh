#!/usr/bin/env bash
# npm start: build the extension, install it into a real VS Code (code-server, set up by
# test/e2e/setup.sh from npm + Debian packages) and open it on examples/. Prints the URL.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
CS_DIR="${THREADLINE_CS_DIR:-$HOME/.cache/threadline-e2e/cs}"
PROFILE="${THREADLINE_PROFILE:-$HOME/.cache/threadline-start}"
PORT="${PORT:-8080}"
THREADLINE_CS_DIR="$CS_DIR" bash "$ROOT/test/e2e/setup.sh" >/dev/null
cd "$ROOT"
npm run -s build
VSIX="$PROFILE.vsix" npm run -s package >/dev/null
mkdir -p "$PROFILE/udd/User" "$PROFILE/exts" "$PROFILE/cfg"
[ -f "$PROFILE/udd/User/settings.json" ] || cp "$ROOT/test/e2e/settings.json" "$PROFILE/udd/User/settings.json"
export XDG_CONFIG_HOME="$PROFILE/cfg" EXTENSIONS_GALLERY='{"serviceUrl":""}'
CS=("$CS_DIR/node_modules/.bin/code-server" --user-data-dir "$PROFILE/udd" --extensions-dir "$PROFILE/exts")
"${CS[@]}" --install-extension "$PROFILE.vsix" --force >/dev/null
echo "Threadline is running in VS Code: open http://127.0.0.1:$PORT/?folder=$ROOT/examples  (Ctrl+C stops it)"
exec "${CS[@]}" --bind-addr "127.0.0.1:$PORT" --auth none --disable-telemetry --disable-update-check \
  --disable-workspace-trust "$ROOT/examples"
