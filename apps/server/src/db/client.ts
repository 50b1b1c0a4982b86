import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./tables.ts";

export type Db = NodePgDatabase<typeof schema>;
export interface Database {
  db: Db;
  pool: pg.Pool;
  url: string;
}

export function connectDatabase(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // A dropped idle connection must not take the process down; the pool reconnects.
  pool.on("error", () => {});
  return { db: drizzle(pool, { schema }), pool, url };
}
