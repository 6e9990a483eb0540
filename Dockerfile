# The platform as one image: API, member app, console, agent portal and the demo venue in one Node
# process. Run two or more behind deploy/nginx/platform.conf on one PostgreSQL and one Redis
# (compose.yaml; README "Several instances").
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund \
 && npm run build \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    TRUST_PROXY=1
WORKDIR /app
COPY --from=build /app /app
# Members' avatars live under /data/uploads: share that volume between instances.
RUN mkdir -p /data/uploads && chown -R node:node /data
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:8080/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "--import", "tsx", "packages/server/src/main.ts"]
