import { defineConfig } from 'drizzle-kit';

// One schema, two dialects (npm run db:generate runs both): SQLite, the embedded default, and
// PostgreSQL past one machine. Each has its own drizzle-kit output folder.
export default process.env.UMPIRE_DIALECT === 'postgresql'
  ? defineConfig({ dialect: 'postgresql', schema: './src/store/pg-schema.ts', out: './migrations/postgres' })
  : defineConfig({ dialect: 'sqlite', schema: './src/store/schema.ts', out: './migrations/sqlite' });
