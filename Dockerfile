# cotizador serve in a container: Node 20 slim, a non-root user, a health check.
#
#   docker build -t cotizador .
#   docker run --rm -p 8080:8080 -p 127.0.0.1:9464:9464 \
#     -e COTIZADOR_TOKEN_SECRET="$(openssl rand -base64 48)" \
#     -e COTIZADOR_CLIENTS='[{"clientId":"app","clientSecret":"…","scopes":["update","read"]}]' cotizador
#
# Configuration comes from the environment (docs/server.md) or a file mounted read-only and named
# by COTIZADOR_CONFIG. TLS is terminated in front of it (docs/operations.md).

# Build: the package as npm would publish it.
FROM node:20-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
# Install scripts are not needed to build (esbuild's binary comes as a package of its own).
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build && npm pack --ignore-scripts --pack-destination /tmp && mv /tmp/cotizador-*.tgz /tmp/cotizador.tgz

# Run: the packed package with its optional peers for metrics (prom-client), limits shared over
# Redis (@redis/client) and the taxpayer's PDF receipts (pdf-lib, @pdf-lib/fontkit, bwip-js); no
# compiler, no dev dependency, no source.
FROM node:20-slim
ENV NODE_ENV=production \
    COTIZADOR_HOST=0.0.0.0 \
    COTIZADOR_PORT=8080 \
    COTIZADOR_METRICS_PORT=9464
WORKDIR /app
COPY --from=build /tmp/cotizador.tgz /tmp/cotizador.tgz
RUN npm install --omit=dev --ignore-scripts --no-audit --no-fund --no-package-lock \
      /tmp/cotizador.tgz prom-client@^15 @redis/client@^6 pdf-lib@^1.17.1 @pdf-lib/fontkit@^1.1.1 bwip-js@^4.11.4 \
    && rm /tmp/cotizador.tgz && npm cache clean --force
# The image's own user (uid 1000), never root; it owns nothing in /app, so it cannot change the code.
USER node
EXPOSE 8080 9464
# Liveness: /health answers 200 while the process serves (503 while it drains after SIGTERM).
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.COTIZADOR_PORT || 8080}/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM (docker stop) drains: give `docker stop -t` more than COTIZADOR_SHUTDOWN_GRACE_MS (10 s).
STOPSIGNAL SIGTERM
ENTRYPOINT ["node", "/app/node_modules/cotizador/dist/cli.js", "serve"]
