#!/usr/bin/env bash
# Builds the production image with podman (on scripts/image-base.sh's stand-in base) and runs it as an operator
# would: with no settings, against the local world, its commands and its health check. Prints one line per step
# ("ok …" or "FAILED …") and, last, "N passed, N failed". Run as root from a clean checkout with node_modules.
set -uo pipefail
cd "$(dirname "$0")/.."

IMAGE=tube-rewards:smoke
NODE=node_modules/.bin/node # the project's Node 24, which runs the local world's TypeScript
passed=0
failed=0
step() { # step <name> <command…>: runs it, shows its output indented, counts it, returns its status
  local name=$1 out status
  shift
  out=$("$@" 2>&1)
  status=$?
  if [ "$status" = 0 ]; then
    passed=$((passed + 1))
    echo "ok     $name"
  else
    failed=$((failed + 1))
    echo "FAILED $name"
  fi
  [ -z "$out" ] || sed 's/^/         /' <<<"$out" | tail -n 25
  return "$status"
}
finish() {
  echo "$passed passed, $failed failed"
  exit $((failed > 0))
}

work=$(mktemp -d)
world=
cleanup() {
  [ -n "$world" ] && kill "$world" 2>/dev/null && wait "$world" 2>/dev/null
  podman rm -f tube-smoke >/dev/null 2>&1
  podman volume rm -f tube-smoke-data >/dev/null 2>&1
  rm -rf "$work"
}
trap cleanup EXIT

step "base image" bash scripts/image-base.sh || finish
started=$SECONDS
# podman's default limits for a container (open files, processes) can be more than the host lets it set, which fails
# every start ("error setting rlimit"), and the build's default is fewer open files than npm ci needs (EMFILE).
LIMITS=(--ulimit "nofile=$(ulimit -Hn):$(ulimit -Hn)" --ulimit nproc=4096:4096)
RUN=(podman run --rm --no-healthcheck "${LIMITS[@]}")
# --format docker keeps HEALTHCHECK. The host's certificate authorities and npm settings reach the build steps only
# (mounted, never copied), for npm ci to reach the registry the way the host does.
mounts=(-v /etc/ssl/certs:/etc/ssl/certs:ro)
[ -f /etc/npmrc ] && mounts+=(-v /etc/npmrc:/usr/local/etc/npmrc:ro)
step "build" podman build --format docker --network host "${LIMITS[@]}" "${mounts[@]}" -t "$IMAGE" . || finish
echo "         built in $((SECONDS - started)) s, $(podman image inspect --format '{{.Size}}' "$IMAGE" | numfmt --to=si)B"

refusal() {
  local out
  out=$("${RUN[@]}" "$IMAGE" 2>&1)
  echo "$out"
  grep -q "^Refusing to start in production" <<<"$out" && ! grep -q "    at " <<<"$out"
}
step "no settings: a named refusal" refusal
step "claims --help inside" "${RUN[@]}" "$IMAGE" node backend/dist/claims.js --help

# The local world on the host, its settings written for the container; the app in the container on SQLite in a volume.
port=$($NODE -e 'const s=require("net").createServer().listen(0,()=>{console.log(s.address().port);s.close()})')
$NODE --input-type=module -e '
  import fs from "node:fs";
  import { startLocalWorld } from "@tube/local-world/local-world";
  const [dir, port] = process.argv.slice(1);
  const world = await startLocalWorld({ DATA_DIR: `${dir}/world`, PORT: port });
  const { DATA_DIR, ...env } = world.env;
  fs.writeFileSync(`${dir}/world.env`, Object.entries(env).map(([key, value]) => `${key}=${value}`).join("\n"));
  process.on("SIGTERM", () => world.stop().then(() => process.exit(0)));
' "$work" "$port" >"$work/world.log" 2>&1 &
world=$!
for _ in $(seq 120); do [ -f "$work/world.env" ] && break; sleep 1; done
ready() {
  podman run -d --name tube-smoke "${LIMITS[@]}" --network host --env-file "$work/world.env" -e NODE_ENV=development \
    -e PORT="$port" -e DATA_DIR=/data -v tube-smoke-data:/data "$IMAGE" >/dev/null 2>"$work/run.err" ||
    { cat "$work/run.err"; return 1; }
  for _ in $(seq 60); do
    $NODE -e 'fetch(process.argv[1]).then((r) => r.text().then((t) => (console.log(t), process.exit(r.ok ? 0 : 1))), () => process.exit(1))' \
      "http://127.0.0.1:$port/readyz" && return 0
    sleep 1
  done
  podman logs tube-smoke | tail -n 20
  return 1
}
step "local world, SQLite on a volume: /readyz" ready
step "HEALTHCHECK by hand" podman healthcheck run tube-smoke
finish
