/**
 * drizzle-kit configuration: `npm run db:generate` writes SQL migrations for `schema.ts` into
 * `./migrations`. No database connection is needed to generate; the server applies them at start.
 */
import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
  strict: true,
  verbose: false,
})
