# TuBE Rewards, production image: the server bundled with every package it imports (plain JavaScript, no
# node_modules) and the built frontend on Node 24, run as a non-root user. Configuration comes from the environment
# (docs/deploy.md); the server refuses to start in production without a real store and real services.

# --- build: all workspaces and dev dependencies, then `npm run build` --------------------------------------
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY common/package.json common/
COPY local-world/package.json local-world/
COPY backend/package.json backend/
COPY frontend/package.json frontend/
COPY scripts/package.json scripts/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- runtime ------------------------------------------------------------------------------------------------
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000
WORKDIR /app
# The server and the operator commands beside it: `node backend/dist/<command>.js` runs here with the servers' environment.
COPY --from=build /app/backend/dist ./backend/dist
COPY --from=build /app/frontend/dist ./frontend/dist
COPY package.json ./
# SQLite's home when DATA_DIR=/data (mount a volume there); MongoDB deployments never write it.
RUN mkdir /data && chown node:node /data
USER node
EXPOSE 3000
# /readyz checks the store, the chain RPC and Engine; Node's fetch needs no curl in the image.
HEALTHCHECK --interval=30s --timeout=10s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--enable-source-maps", "backend/dist/index.js"]
