import { defineConfig } from 'prisma/config';

// Only `prisma generate` uses this file; migrations run through api/db (see docs/architecture.md#migrations).
export default defineConfig({
  schema: 'prisma/schema.prisma',
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost/unused' },
});
