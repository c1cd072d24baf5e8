# syntax=docker/dockerfile:1
# Murmur in a container: point DATABASE_URL at your PostgreSQL (without it, an
# embedded PostgreSQL keeps its data under /app/.data, fine for a trial only).
# ROLE=web|worker|all picks what the container runs.

FROM node:24-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-slim AS runtime
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0
WORKDIR /app
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/package.json /app/server.ts ./
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# What `npm run serve` runs, with its heap flags (docs/decisions/018-process-memory.md), without npm in between.
CMD ["node", "--max-semi-space-size=32", "--heap-growing-percent=200", "server.ts"]
