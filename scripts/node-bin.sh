#!/usr/bin/env bash
# Prints the bin folder of a Node.js of the given major version (24 by default), installing it
# from the npm registry's `node` package into a cache folder when the machine lacks it: the
# machine's own Node may be older (Debian ships 20, past its end of life), and nothing but the npm
# registry is reachable here (docs/decisions/047-node-24.md).
#   PATH="$(scripts/node-bin.sh 24):$PATH"
set -euo pipefail
major="${1:-24}"
if command -v node >/dev/null 2>&1 && [ "$(node -p 'process.versions.node.split(".")[0]')" = "$major" ]; then
  dirname "$(command -v node)"
  exit 0
fi
dir="${NODE_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/service-portal}/node-$major"
bin="$dir/node_modules/node/bin"
if [ ! -x "$bin/node" ] || [ "$("$bin/node" -p 'process.versions.node.split(".")[0]' 2>/dev/null)" != "$major" ]; then
  mkdir -p "$dir"
  npm install --prefix "$dir" --no-audit --no-fund --no-save --loglevel=error "node@$major" >&2
fi
"$bin/node" --version >&2
echo "$bin"
