import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The table files themselves: db/schema.ts gathers them through the modules' front doors,
  // which would load the whole server.
  schema: './src/server/modules/*/*.table.ts',
  out: './drizzle',
  casing: 'snake_case',
});
