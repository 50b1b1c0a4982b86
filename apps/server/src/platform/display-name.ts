import { sql } from "drizzle-orm";

/** A user's display name in SQL (the users row aliased `alias`): their names, else their email. */
export const displayName = (alias: string) => sql.raw(`coalesce(nullif(trim(${alias}.nombres || ' ' || ${alias}.apellidos), ''), ${alias}.email)`);
