# hexmate bot image. Two stages: the build (all dependencies, tsc to dist/),
# then the runtime (production dependencies and dist/ only: no TypeScript, no
# tsx, no sources). Runs as the unprivileged "node" user, with tini as PID 1
# forwarding signals to node (the bot shuts down cleanly on SIGTERM, forcing
# its exit after 15 s; with SHARDS, the shard manager passes SIGTERM to its bot
# processes and kills any still running after 20 s: give it more than that,
# e.g. compose stop_grace_period 30s or docker run --stop-timeout 30).

# --- build -------------------------------------------------------------------
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY scripts/build.mjs ./scripts/build.mjs
COPY src ./src
# The clean, type-checked build: dist/ with the worker boot .mjs copied beside the compiled workers.
RUN npm run build
# The live game page's client (web/ → dist-web/, Vite); served only when WEB_PORT is set (docs/web.md).
COPY web ./web
COPY scripts/build-web.mjs ./scripts/build-web.mjs
RUN npm run build:web

# --- runtime -----------------------------------------------------------------
FROM node:20-bookworm-slim AS runtime
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# The health and metrics server (/livez, /readyz, /metrics) on every interface of the
# container, for the HEALTHCHECK below and a Prometheus on the same network.
ENV NODE_ENV=production \
    METRICS_PORT=9091 \
    METRICS_HOST=0.0.0.0
COPY package.json package-lock.json ./
# The Noto fallback fonts (src/render/fonts.ts) use only their regular-weight .woff2 files:
# the other weights and the .woff copies (about 150 MB) are left out of the image.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force \
  && find node_modules/@fontsource -type f \( -name '*.woff' -o \( -name '*.woff2' ! -name '*-400-normal.woff2' \) \) -delete
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-web ./dist-web
# The shipped puzzle set (docs/puzzles.md): put in the puzzle pool at start.
COPY data/puzzles ./data/puzzles
# npm start works here too: the check finds no src/ and runs dist/ as it is.
COPY scripts/build.mjs scripts/build-web.mjs ./scripts/
USER node
# /livez of the health server on METRICS_PORT (the bot's, or with SHARDS the shard manager's);
# node's own fetch, no curl in the image.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.METRICS_PORT+'/livez').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "dist/index.js"]
