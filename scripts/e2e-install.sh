#!/usr/bin/env bash
# Installs what the VS Code end-to-end test (test/e2e/) needs into its own prefix, .e2e/ (ignored by git):
# code-server (a real VS Code workbench and server, the last release that runs on Node 20) and
# playwright-core (drives Debian's chromium). Kept out of the root package.json on purpose: code-server's
# postinstall compiles native modules and needs the Debian packages below, so `npm ci` stays light.
# Needs (Debian): chromium libkrb5-dev ripgrep build-essential python3 pkg-config.
# Usage: scripts/e2e-install.sh [prefix]   (default .e2e; re-running with the same versions does nothing)
set -euo pipefail
cd "$(dirname "$0")/.."

CODE_SERVER_VERSION=4.100.3
PLAYWRIGHT_VERSION=1.65.1
RIPGREP_WRAPPER_VERSION=1.15.11     # @vscode/ripgrep pinned by code-server 4.100.3
RIPGREP_ASSET=ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz
PREFIX=${1:-.e2e}
STAMP="$PREFIX/installed-$CODE_SERVER_VERSION-$PLAYWRIGHT_VERSION"

if [ -f "$STAMP" ]; then
  echo "e2e-install: code-server $CODE_SERVER_VERSION and playwright-core $PLAYWRIGHT_VERSION already in $PREFIX"
  exit 0
fi

missing=()
for tool in chromium rg make g++ python3 pkg-config; do
  command -v "$tool" >/dev/null || missing+=("$tool")
done
[ -e /usr/include/gssapi/gssapi.h ] || missing+=("gssapi.h (libkrb5-dev)")
if [ ${#missing[@]} -gt 0 ]; then
  echo "e2e-install: missing ${missing[*]}; install the Debian packages chromium libkrb5-dev ripgrep build-essential python3 pkg-config" >&2
  exit 2
fi

start=$(date +%s)
# @vscode/ripgrep downloads rg from GitHub in its postinstall unless its cache already holds the asset.
cache="${TMPDIR:-/tmp}/vscode-ripgrep-cache-$RIPGREP_WRAPPER_VERSION"
if [ ! -f "$cache/$RIPGREP_ASSET" ]; then
  mkdir -p "$cache"
  staging=$(mktemp -d)
  cp "$(command -v rg)" "$staging/rg"
  tar czf "$cache/$RIPGREP_ASSET" -C "$staging" rg
  rm -rf "$staging"
fi

# node-gyp builds code-server's native modules against the running Node's headers; use the installed
# ones (Debian's nodejs-dev / libnode-dev) rather than downloading them.
node_include="$(dirname "$(dirname "$(command -v node)")")"
if [ -z "${npm_config_nodedir:-}" ] && [ -f "$node_include/include/node/node_version.h" ]; then
  export npm_config_nodedir="$node_include"
fi

mkdir -p "$PREFIX"
cat > "$PREFIX/package.json" <<EOF
{
  "name": "q7-e2e-host",
  "private": true,
  "description": "code-server and playwright-core for the VS Code end-to-end test (scripts/e2e-install.sh)",
  "dependencies": {
    "code-server": "$CODE_SERVER_VERSION",
    "playwright-core": "$PLAYWRIGHT_VERSION"
  }
}
EOF
# As root code-server's postinstall insists on --unsafe-perm; node-pty's postinstall runs npx (needs yes=true).
(cd "$PREFIX" && npm_config_yes=true npm install --unsafe-perm --no-audit --no-fund --loglevel=error)
touch "$STAMP"
echo "e2e-install: done in $(( $(date +%s) - start )) s ($PREFIX)"
