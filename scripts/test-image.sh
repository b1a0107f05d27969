#!/usr/bin/env bash
# Builds the Containerfile and starts the image, with no image registry (npm run test:image; root, podman,
# mmdebstrap): docs/decisions/140-image-built-and-started-without-a-registry.md.
#
# 1. The base, localhost/node:24-bookworm-slim: a minimal Debian bookworm from Debian's packages (mmdebstrap)
#    with the Node of .node-version (the one .ci/run installs in /opt/node-<version>, its headers in include/node)
#    and this machine's npm where the official image has them (/usr/local/bin, a `node` user 1000).
# 2. podman build --isolation chroot of the Containerfile on that base.
# 3. Running a container fails here (no cgroups), so the image's files are mounted (podman image mount) and its
#    command started with chroot, as its user, with its environment and working directory and a /data folder.
#    Checked: /api/health, the image's own HEALTHCHECK, the web app, a receipt font, a checkout; a graceful stop
#    on SIGTERM; after a restart the checkout is still in /data.
# 4. With TEST_DATABASE_URL (CI sets it): on PostgreSQL, the server refuses the schema owner's login; the image's
#    node dist/server/migrate.js migrates as the owner and grants the server's own login, and the server runs
#    as that login and records a checkout (docs/decisions/231).
#
# Settings: IMAGE_BASE_CACHE (default /var/tmp/fridge-check-image) keeps the base's tarball between runs, except
# when CI is set (CI starts fresh); KEEP_IMAGE=1 keeps the built image, and REUSE_IMAGE=1 tests the one kept
# instead of building again (while changing this script).
set -euo pipefail
cd "$(dirname "$0")/.."

started_at=$(date +%s.%N)
seconds_since() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'; }
say() { printf '\n== test:image: %s\n' "$*"; }
fail() { printf '\ntest:image FAILED: %s\n' "$*" >&2; exit 1; }

[ "$(id -u)" = 0 ] || fail "run as root (podman build and chroot need it)"
for tool in podman mmdebstrap chroot curl node; do
  command -v "$tool" >/dev/null || fail "$tool is not installed (apt-get install podman mmdebstrap)"
done

node_pin=$(tr -d '[:space:]' <.node-version)
node_major=${node_pin%%.*}
base_image=localhost/node:$node_major-bookworm-slim
app_image=localhost/fridge-check:test-image
# The pinned Node: the one on PATH when it is that version, else the one .ci/run installed.
node_bin=$(readlink -f "$(command -v node)")
if [ "$("$node_bin" --version)" != "v$node_pin" ] && [ -x "/opt/node-$node_pin/bin/node" ]; then
  node_bin=/opt/node-$node_pin/bin/node
fi
node_version=$("$node_bin" --version)
case "$node_version" in "v$node_major".*) ;; *)
  fail "the base needs Node $node_major (.node-version: $node_pin), this machine has $node_version: bash .ci/run installs it in /opt/node-$node_pin" ;;
esac
npm_dir=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
[ -f "$npm_dir/package.json" ] || fail "npm's folder not found (from $(command -v npm))"
# Node's headers (node-gyp compiles better-sqlite3 against them); the official image has them in /usr/local/include.
node_headers="$(dirname "$(dirname "$node_bin")")/include/node"
[ -f "$node_headers/node.h" ] || fail "Node's headers not found in $node_headers"

work=$(mktemp -d /var/tmp/fridge-check-test-image.XXXXXX)
server_pid=
mounted=
pg_drop=
cleanup() {
  if [ -n "$pg_drop" ]; then psql "$TEST_DATABASE_URL" -qc "$pg_drop" >/dev/null 2>&1 || true; fi
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then kill -KILL "$server_pid" 2>/dev/null || true; fi
  if [ -n "$mounted" ]; then
    for target in data tmp dev proc; do
      mountpoint -q "$mounted/$target" && umount -l "$mounted/$target" 2>/dev/null || true
    done
    podman image unmount "$app_image" >/dev/null 2>&1 || true
  fi
  [ "${KEEP_IMAGE:-0}" = 1 ] || podman rmi -f "$app_image" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

# ---------------------------------------------------------------- 1. the base
make_base() {
  cache_dir=${IMAGE_BASE_CACHE:-/var/tmp/fridge-check-image}
  base_tar="$cache_dir/node-$node_version-bookworm-slim.tar"
  if [ -n "${CI:-}" ] || [ ! -s "$base_tar" ]; then
    say "making the base with mmdebstrap (Debian bookworm + Node $node_version from $node_bin)"
    step=$(date +%s.%N)
    mkdir -p "$cache_dir"
    # The official image's layout: node and npm in /usr/local, a user `node` (1000:1000). No docs or man pages,
    # as in Debian's slim images.
    mmdebstrap --variant=minbase --quiet \
      --dpkgopt='path-exclude=/usr/share/man/*' \
      --dpkgopt='path-exclude=/usr/share/doc/*' \
      --dpkgopt='path-include=/usr/share/doc/*/copyright' \
      --dpkgopt='path-exclude=/usr/share/info/*' \
      --customize-hook="install -D -m 0755 '$node_bin' \"\$1/usr/local/bin/node\"" \
      --customize-hook="mkdir -p \"\$1/usr/local/lib/node_modules\" && cp -a '$npm_dir' \"\$1/usr/local/lib/node_modules/npm\"" \
      --customize-hook="mkdir -p \"\$1/usr/local/include\" && cp -a '$node_headers' \"\$1/usr/local/include/node\"" \
      --customize-hook='ln -s ../lib/node_modules/npm/bin/npm-cli.js "$1/usr/local/bin/npm"' \
      --customize-hook='ln -s ../lib/node_modules/npm/bin/npx-cli.js "$1/usr/local/bin/npx"' \
      --customize-hook='chroot "$1" groupadd --gid 1000 node' \
      --customize-hook='chroot "$1" useradd --uid 1000 --gid node --shell /bin/bash --create-home node' \
      bookworm "${base_tar%.tar}.partial.tar"
    mv "${base_tar%.tar}.partial.tar" "$base_tar"
    echo "base made in $(seconds_since "$step") s"
  else
    say "the base from $base_tar (made earlier)"
  fi
  # Imported again only when the tarball changed: the same base keeps podman's cached build steps valid.
  base_stamp="$(stat -c %Y "$base_tar")-$(stat -c %s "$base_tar")"
  if [ "$(podman image inspect --format '{{index .Labels "fridge-check.base"}}' "$base_image" 2>/dev/null)" != "$base_stamp" ]; then
    podman rmi -f "$base_image" >/dev/null 2>&1 || true
    podman import --quiet \
      --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
      --change "ENV NODE_VERSION=${node_version#v}" \
      --change "LABEL fridge-check.base=$base_stamp" \
      --change 'CMD ["node"]' \
      "$base_tar" "$base_image" >/dev/null
  fi
}

# ---------------------------------------------------------------- 2. the build
build_image() {
  say "podman build --isolation chroot"
  # What this machine's npm needs, given to the build's RUN steps only (the image keeps none of it): its cache, so
  # npm ci does not download again what .ci/run's just did; its CA bundle, as the registry may be reached through
  # a proxy that a CA of this machine signs for (cafile); node-gyp's headers from the base, not a download
  # (nodedir).
  npm_cache=$(npm config get cache)
  mkdir -p "$npm_cache"
  ca_bundle=$(npm config get cafile)
  [ -n "$ca_bundle" ] && [ "$ca_bundle" != null ] && [ -f "$ca_bundle" ] || ca_bundle=/etc/ssl/certs/ca-certificates.crt
  printf 'cafile=/run/host-ca.crt\nnodedir=/usr/local\nfund=false\naudit=false\nupdate-notifier=false\n' >"$work/npmrc"
  # Cached steps on a developer's machine; none kept in CI (a fresh base there never matches a cached step).
  layers=true
  [ -z "${CI:-}" ] || layers=false
  podman build --isolation chroot --format docker --pull=never --layers="$layers" \
    --build-arg "NODE_IMAGE=$base_image" \
    --volume "$npm_cache:/root/.npm" \
    --volume "$work/npmrc:/root/.npmrc:ro" \
    --volume "$ca_bundle:/run/host-ca.crt:ro" \
    --file Containerfile --tag "$app_image" . >"$work/build.log" 2>&1 || {
    tail -n 60 "$work/build.log"
    fail "podman build failed (log above)"
  }
  grep -E '^image-prune:' "$work/build.log" || true
}

step=$(date +%s.%N)
if [ "${REUSE_IMAGE:-0}" = 1 ] && podman image exists "$app_image" && podman image exists "$base_image"; then
  say "the image kept by an earlier run (REUSE_IMAGE=1)"
else
  make_base
  step=$(date +%s.%N)
  build_image
fi
base_bytes=$(podman image inspect --format '{{.Size}}' "$base_image")
build_seconds=$(seconds_since "$step")
app_bytes=$(podman image inspect --format '{{.Size}}' "$app_image")
added_mb=$(awk -v a="$app_bytes" -v b="$base_bytes" 'BEGIN { printf "%.1f", (a - b) / 1e6 }')
echo "built in $build_seconds s; the image adds $added_mb MB to its base"
awk -v a="$app_bytes" -v b="$base_bytes" 'BEGIN { exit !((a - b) <= 150e6) }' ||
  fail "the image adds $added_mb MB to its base: at most 150 MB (DESIGN.md, Installed like a product)"

# ---------------------------------------------------------------- 3. its files, started with chroot
config="$work/config.json"
podman image inspect "$app_image" >"$config"
field() { node -e 'const [c] = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); console.log(eval(process.argv[2]) ?? "")' "$config" "$1"; }
image_user=$(field 'c.Config.User')
workdir=$(field 'c.Config.WorkingDir')
stop_signal=$(field 'c.Config.StopSignal')
mapfile -t image_env < <(field 'c.Config.Env.join("\n")')
mapfile -t image_cmd < <(field 'c.Config.Cmd.join("\n")')
mapfile -t health_cmd < <(field '(c.Healthcheck ?? c.HealthCheck ?? c.Config.Healthcheck).Test.slice(1).join("\n")')
[ "$image_user" = node ] || fail "the image runs as '$image_user', not the non-root user node"
[ "$stop_signal" = SIGTERM ] || fail "the image's stop signal is '$stop_signal'"
[ "${#health_cmd[@]}" -gt 0 ] || fail "the image has no HEALTHCHECK"
field 'Object.keys(c.Config.Volumes ?? {}).join(" ")' | grep -qx '/data' || fail "/data is not a volume"

mounted=$(podman image mount "$app_image")
passwd_line=$(grep "^$image_user:" "$mounted/etc/passwd") || fail "no user $image_user in the image"
uid=$(echo "$passwd_line" | cut -d: -f3)
gid=$(echo "$passwd_line" | cut -d: -f4)
[ "$uid" != 0 ] || fail "the image's user is root"
[ -d "$mounted/data" ] || fail "the image has no /data"
[ ! -e "$mounted/app/node_modules/@expo-google-fonts/noto-sans-sc/900Black" ] || fail "unused font weights shipped"

data="$work/data"
mkdir -p "$data"
chown "$uid:$gid" "$data"
mount --bind "$data" "$mounted/data"
mount -t proc proc "$mounted/proc"
mount --bind /dev "$mounted/dev"
mount -t tmpfs tmpfs "$mounted/tmp"

port=$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')
base_url="http://127.0.0.1:$port"
password='image-test-password'
# The image's environment, then what a run sets: a loopback address here (the image listens on 0.0.0.0).
run_env=("${image_env[@]}" "PORT=$port" "HOST=127.0.0.1" "ADMIN_PASSWORD=$password")
# `exec`: started in the background, this shell's process becomes chroot, then the server (each step execs the
# next), so $! is the server's pid and SIGTERM reaches the server itself.
in_image() { exec chroot --userspec="$uid:$gid" "$mounted" /usr/bin/env -i "${run_env[@]}" HOME=/home/node /bin/sh -c 'cd "$0" && exec "$@"' "$workdir" "$@"; }

start_server() {
  local log=$1 began
  began=$(date +%s.%N)
  in_image "${image_cmd[@]}" >"$log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 600); do
    if curl -fsS "$base_url/api/health" >/dev/null 2>&1; then
      healthy_after=$(seconds_since "$began")
      return 0
    fi
    kill -0 "$server_pid" 2>/dev/null || { cat "$log"; fail "the server exited before it was healthy"; }
    sleep 0.1
  done
  cat "$log"
  fail "not healthy after 60 s"
}
stop_server() {
  local log=$1 status=0
  # By its command line: Node 24 names its main thread (and so /proc/PID/comm) "MainThread", not "node".
  tr '\0' ' ' <"/proc/$server_pid/cmdline" | grep -q 'dist/server/main.js' || fail "pid $server_pid is not the server"
  kill -TERM "$server_pid"
  wait "$server_pid" || status=$?
  server_pid=
  [ "$status" = 0 ] || { cat "$log"; fail "SIGTERM: the server exited with $status"; }
  grep -q '"message":"stopped"' "$log" || { cat "$log"; fail "SIGTERM: no graceful stop in the log"; }
}
touch "$work/cookies"
api() { curl -sS -b "$work/cookies" -c "$work/cookies" -H 'content-type: application/json' "$@"; }

say "starting the image's files with chroot as $image_user ($uid:$gid) in $workdir: ${image_cmd[*]}"
start_server "$work/server-1.log"
cold_start=$healthy_after
echo "healthy after $cold_start s (cold start: a new /data, migrations, seeding)"

(in_image "${health_cmd[@]}") || fail "the image's HEALTHCHECK command failed"
echo "HEALTHCHECK command: ok"
[ "$(curl -sS -o /dev/null -w '%{http_code}' "$base_url/checkout?bungalow=7")" = 200 ] || fail "GET /checkout"
curl -sS "$base_url/checkout?bungalow=7" | grep -q '<div id="root"' || fail "/checkout is not the web app"
[ "$(curl -sS -o /dev/null -w '%{http_code}' "$base_url/api/receipt-fonts/noto-sans-sc/bold")" = 200 ] ||
  fail "a receipt font (Noto Sans SC bold) cannot be cut from the shipped files"
echo "web app and receipt font: ok"

[ "$(api -o /dev/null -w '%{http_code}' -X POST "$base_url/api/session" -d "{\"password\":\"$password\"}")" = 204 ] ||
  fail "admin sign-in"
[ "$(api -o /dev/null -w '%{http_code}' -X PUT "$base_url/api/guest" -d '{"name":"Image Test","email":"image@example.com"}')" = 200 ] ||
  fail "PUT /api/guest"
drink_id=$(curl -sS "$base_url/api/drinks" | node -e 'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => console.log(JSON.parse(s)[0].id))')
checkout=$(curl -sS -w '\n%{http_code}' -H 'content-type: application/json' -X POST "$base_url/api/checkouts" \
  -d "{\"bungalow\":7,\"items\":[{\"drinkId\":$drink_id,\"missing\":2}]}")
[ "$(echo "$checkout" | tail -n 1)" = 201 ] || fail "POST /api/checkouts: $checkout"
checkout_id=$(echo "$checkout" | head -n 1 | node -e 'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => console.log(JSON.parse(s).id))')
echo "checkout $checkout_id recorded (bungalow 7, 2 x drink $drink_id)"

say "SIGTERM, then a restart on the same /data"
step=$(date +%s.%N)
stop_server "$work/server-1.log"
echo "stopped gracefully in $(seconds_since "$step") s"
[ -s "$data/fridge.sqlite" ] || fail "no database in /data"
start_server "$work/server-2.log"
echo "healthy again after $healthy_after s"
api -o "$work/history.json" "$base_url/api/checkouts?bungalow=7"
node -e 'const h = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); process.exit(h.some((c) => String(c.id) === process.argv[2]) ? 0 : 1)' \
  "$work/history.json" "$checkout_id" || fail "checkout $checkout_id is gone after the restart: $(cat "$work/history.json")"
echo "checkout $checkout_id is still there"
stop_server "$work/server-2.log"

# ---------------------------------------------------------------- 4. PostgreSQL: the owner migrates
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  say "PostgreSQL: the owner refused, node dist/server/migrate.js as the owner, the server as its own login"
  command -v psql >/dev/null || fail "psql is not installed (TEST_DATABASE_URL is set)"
  suffix=$(od -An -N4 -tx1 /dev/urandom | tr -d ' \n')
  pg_schema=fc_image_$suffix
  pg_owner=fc_image_owner_$suffix
  pg_server=fc_image_server_$suffix
  pg_drop="drop schema if exists $pg_schema cascade; drop owned by $pg_server; drop role if exists $pg_server; drop owned by $pg_owner; drop role if exists $pg_owner"
  psql "$TEST_DATABASE_URL" -v ON_ERROR_STOP=1 -qc \
    "create role $pg_owner login; create role $pg_server login; create schema $pg_schema authorization $pg_owner" ||
    fail "could not make the test's roles and schema on $TEST_DATABASE_URL"
  # The address of the test's PostgreSQL as LOGIN, working in the test's schema.
  pg_url() { node -e 'const u = new URL(process.argv[1]); u.username = process.argv[2]; u.password = ""; u.searchParams.set("options", `-c search_path=${process.argv[3]}`); console.log(u.toString())' "$TEST_DATABASE_URL" "$1" "$pg_schema"; }
  owner_url=$(pg_url "$pg_owner")
  server_url=$(pg_url "$pg_server")

  # The owner's login: refused at start, saying why (it must exit by itself, not serve).
  run_env=("${image_env[@]}" "PORT=$port" "HOST=127.0.0.1" "ADMIN_PASSWORD=$password" "DATABASE_URL=$owner_url")
  in_image "${image_cmd[@]}" >"$work/pg-owner.log" 2>&1 &
  refused_pid=$!
  for _ in $(seq 1 300); do kill -0 "$refused_pid" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$refused_pid" 2>/dev/null; then
    kill -KILL "$refused_pid"
    cat "$work/pg-owner.log"
    fail "the server ran as the schema's owner"
  fi
  wait "$refused_pid" && fail "the server exited 0 as the schema's owner"
  grep -q "will not run as the PostgreSQL login \"$pg_owner\"" "$work/pg-owner.log" ||
    { cat "$work/pg-owner.log"; fail "no refusal naming the owner's login"; }
  echo "the owner's login: refused"

  # The migration as the owner, granting the server's login.
  run_env=("${image_env[@]}" "MIGRATION_DATABASE_URL=$owner_url" "DATABASE_URL=$server_url")
  (in_image node dist/server/migrate.js) >"$work/pg-migrate.log" 2>&1 ||
    { cat "$work/pg-migrate.log"; fail "node dist/server/migrate.js failed"; }
  grep -q "Granted \"$pg_server\"" "$work/pg-migrate.log" || { cat "$work/pg-migrate.log"; fail "no grants made"; }
  cat "$work/pg-migrate.log"

  # The server as its own login: it starts, signs in and records a checkout.
  run_env=("${image_env[@]}" "PORT=$port" "HOST=127.0.0.1" "ADMIN_PASSWORD=$password" "DATABASE_URL=$server_url")
  start_server "$work/server-pg.log"
  echo "healthy as $pg_server after $healthy_after s"
  : >"$work/cookies"
  [ "$(api -o /dev/null -w '%{http_code}' -X POST "$base_url/api/session" -d "{\"password\":\"$password\"}")" = 204 ] ||
    fail "PostgreSQL: admin sign-in"
  [ "$(api -o /dev/null -w '%{http_code}' -X PUT "$base_url/api/guest" -d '{"name":"Image Test","email":"image@example.com"}')" = 200 ] ||
    fail "PostgreSQL: PUT /api/guest"
  drink_id=$(curl -sS "$base_url/api/drinks" | node -e 'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => console.log(JSON.parse(s)[0].id))')
  [ "$(curl -sS -o /dev/null -w '%{http_code}' -H 'content-type: application/json' -X POST "$base_url/api/checkouts" \
    -d "{\"bungalow\":7,\"items\":[{\"drinkId\":$drink_id,\"missing\":1}]}")" = 201 ] || fail "PostgreSQL: POST /api/checkouts"
  echo "PostgreSQL: a checkout recorded as $pg_server"
  stop_server "$work/server-pg.log"
fi

printf '\ntest:image passed: adds %s MB to its base (%s MB), cold start to healthy %s s, build %s s, whole run %s s\n' \
  "$added_mb" "$(awk -v b="$base_bytes" 'BEGIN { printf "%.1f", b / 1e6 }')" "$cold_start" "$build_seconds" "$(seconds_since "$started_at")"
