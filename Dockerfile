# Engage in production (issue #20; docs/deploy.md). Two stages:
# - build: every dependency, `npm run build` writes the web app to dist/;
# - runtime: runtime dependencies only (no Vite, no test tools), the server, the contract it
#   validates with and the build, run as the unprivileged `node` user by `npm run serve`.
# Build: docker build -t engage .     Run: see compose.yaml.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    STATIC_DIR=/app/dist
WORKDIR /app
COPY package.json package-lock.json ./
# --ignore-scripts: no install script of a runtime dependency needs to run.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY server ./server
COPY contract ./contract
COPY locales ./locales
COPY scripts/serve.mjs ./scripts/serve.mjs
COPY --from=build /app/dist ./dist
# DATA_DIR: the embedded database (single host) or, with DATABASE_URL, only the admin files.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
# Readiness: the database answers and is migrated (GET /api/health/ready).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM (docker stop, a rollout) shuts down gracefully; see server/main.ts.
STOPSIGNAL SIGTERM
CMD ["node", "scripts/serve.mjs"]
