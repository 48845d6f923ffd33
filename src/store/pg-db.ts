import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as tables from './pg-schema.ts';

/** A drizzle database on PostgreSQL, whatever the driver: node-postgres over a pg.Pool, or PGlite. */
export type PgDb = PgDatabase<PgQueryResultHKT, typeof tables>;
