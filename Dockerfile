# Aisle in a container: `docker build -t aisle .` then
#   docker run -p 3000:3000 -v aisle-data:/data -e PUBLIC_URL=https://shop.example.com aisle
# (add -e DATABASE_URL=postgres://… for PostgreSQL; without it the embedded database lives in /data).
# See docs/OPERATIONS.md, "Deployment".
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
# Dev dependencies (esbuild, Vite, TypeScript) build the server and the apps, then leave.
RUN npm ci && npm run build -w packages/server -w apps/storefront -w apps/admin && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# Readiness and liveness: a database round trip. The server exits 0 on SIGTERM after finishing in-flight requests.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
STOPSIGNAL SIGTERM
# One V8 helper thread (Node starts four): docs/OPERATIONS.md, "Memory".
CMD ["node", "--v8-pool-size=1", "packages/server/dist/main.js"]
