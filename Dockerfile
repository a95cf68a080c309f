# hexmate bot image: Node 20, runs as the unprivileged "node" user.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
# Dev dependencies are kept out; tsx (a runtime dependency) runs the TypeScript sources.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY tsconfig.json ./
COPY src ./src
COPY scripts ./scripts
USER node
CMD ["npm", "start"]
