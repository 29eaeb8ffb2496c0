#!/usr/bin/env bash
# Idempotent machine setup for the real-VS-Code e2e run: Debian chromium + code-server from npm.
# No other downloads (see ../shared/vscode-e2e-recipe). A warm machine skips what is there.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
CS_DIR="${THREADLINE_CS_DIR:-$HOME/.cache/threadline-e2e/cs}"
need=()
command -v chromium >/dev/null || need+=(chromium)
dpkg -s libkrb5-dev >/dev/null 2>&1 || need+=(libkrb5-dev)
command -v rg >/dev/null || need+=(ripgrep)
command -v bc >/dev/null || need+=(bc)
command -v curl >/dev/null || need+=(curl)
if [ ${#need[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${need[@]}" build-essential python3 pkg-config >/dev/null
fi
if [ ! -f "$CS_DIR/.installed" ]; then
  # @vscode/ripgrep's postinstall fetches rg from GitHub unless its cache holds it: seed it from Debian's rg.
  RG_CACHE="${TMPDIR:-/tmp}/vscode-ripgrep-cache-1.15.11"
  mkdir -p "$RG_CACHE/stage"
  cp "$(command -v rg)" "$RG_CACHE/stage/rg"
  tar czf "$RG_CACHE/ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz" -C "$RG_CACHE/stage" rg
  mkdir -p "$CS_DIR"
  cd "$CS_DIR"
  [ -f package.json ] || npm init -y >/dev/null
  # unsafe_perm: code-server's postinstall refuses root without it; yes: node-pty runs `npx node-gyp`
  # npm 11 skips dependency install scripts unless package.json allows them; code-server's
  # postinstall and its native modules (argon2, kerberos, node-pty) need theirs.
  node -e 'const f="package.json",p=require("./"+f);p.allowScripts={"*":true,"code-server":true,"argon2":true,"kerberos":true,"node-pty":true,"@parcel/watcher":true,"@vscode/ripgrep":true,"@vscode/spdlog":true,"native-watchdog":true,"@vscode/windows-registry":true};require("fs").writeFileSync(f,JSON.stringify(p,null,2))'
  npm_config_unsafe_perm=true npm_config_yes=true npm install --no-fund --no-audit code-server@4.100.3
  touch .installed
fi
"$CS_DIR/node_modules/.bin/code-server" --version --config /dev/null 2>/dev/null | tail -1
