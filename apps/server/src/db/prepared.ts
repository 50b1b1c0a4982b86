import { createHash } from "node:crypto";
import pg from "pg";

/** Statements kept planned per connection; past this, new texts run unnamed, as any statement did before. */
export const MAX_PREPARED_PER_CONNECTION = 300;

const nameOfText = new Map<string, string>();
/** The name of a statement's text: stable across connections and processes, unique per text. */
export function statementName(text: string): string {
  let name = nameOfText.get(text);
  if (name === undefined) {
    name = `s_${createHash("sha1").update(text).digest("hex")}`;
    // The texts are the app's own (Drizzle's and hand-written SQL, values always apart), so they
    // are few; the bound only guards against a caller that writes values into its text.
    if (nameOfText.size >= 10_000) nameOfText.clear();
    nameOfText.set(text, name);
  }
  return name;
}

type QueryConfig = { text: string; name?: string; values?: unknown[] };

/**
 * A connection that names each statement sent with parameters after its text, so PostgreSQL
 * parses and plans it once per connection and then only binds and runs it (pg sends the Parse
 * the first time a name is used on a connection). For the app's short statements the planning
 * was most of the database's work: 0.4 to 1.8 ms to plan the read of one patient, 0.2 ms to run
 * it. PostgreSQL still plans afresh while a generic plan would cost more (plan_cache_mode auto).
 * Statements without parameters (BEGIN, COMMIT, migrations' scripts of several statements) run
 * as before, and so does any beyond MAX_PREPARED_PER_CONNECTION distinct texts on a connection.
 */
export class PreparingClient extends pg.Client {
  private readonly prepared = new Set<string>();
  /** Texts whose statement went stale on this connection, and the name each is prepared under now. */
  private readonly renamed = new Map<string, string>();

  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const send = this.query.bind(this) as (config: unknown, values?: unknown, callback?: unknown) => unknown;
    // pg's query() has many overloads; only a text or a config with parameters is named.
    (this as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
      const named = this.named(config, values);
      // A named statement carries its own values (its page window may have been written into its text).
      const result = named === config ? send(config, values, callback) : send(named, undefined, callback);
      if (named === config || !(result instanceof Promise)) return result;
      const { text } = named as QueryConfig;
      return result.catch((error: unknown) => {
        if (isStalePlan(error)) this.renamed.set(text, `${statementName(text)}_${this.renamed.size + 1}`);
        throw error;
      });
    };
  }

  private named(config: unknown, values: unknown): unknown {
    const query: QueryConfig | undefined =
      typeof config === "string" ? { text: config } : config && typeof config === "object" && "text" in config ? (config as QueryConfig) : undefined;
    // An empty name (Drizzle's prepare("")) is no name: pg sends such a statement unnamed.
    if (!query || query.name) return config;
    const given = Array.isArray(values) ? values : query.values;
    if (!given || given.length === 0) return config;
    const { text, parameters } = withPageWindowInlined(query.text, given);
    const name = this.renamed.get(text) ?? statementName(text);
    if (!this.prepared.has(name)) {
      if (this.prepared.size >= MAX_PREPARED_PER_CONNECTION) return config;
      this.prepared.add(name);
    }
    // A copy: Drizzle sends the same config object again for every call of a query.
    return { ...query, text, values: parameters, name };
  }
}

/** A statement's page window as Drizzle ends a select with it: `limit $n` or `limit $n offset $n+1`, its last parameters. */
const TRAILING_WINDOW = /\slimit \$(\d+)(?: offset \$(\d+))?$/;

/**
 * The statement with a trailing page window's numbers written into its text. PostgreSQL plans a
 * statement whose LIMIT is a parameter afresh on every run: its generic plan guesses a tenth of
 * the rows, so the custom plan always looks cheaper (the shop's product list: 12 runs, 12 plans,
 * 0.47 ms each; with `limit 10` in the text it keeps one plan after five runs, 0.08 ms). A list
 * has few page sizes and is read mostly from its first pages, so the texts stay few.
 */
export function withPageWindowInlined(text: string, parameters: unknown[]): { text: string; parameters: unknown[] } {
  const window = TRAILING_WINDOW.exec(text);
  if (!window) return { text, parameters };
  const limitAt = Number(window[1]);
  const offsetAt = window[2] === undefined ? undefined : Number(window[2]);
  const last = offsetAt ?? limitAt;
  // Only the statement's last parameters, and only whole numbers, are written in.
  if (last !== parameters.length || (offsetAt !== undefined && offsetAt !== limitAt + 1)) return { text, parameters };
  const numbers = parameters.slice(limitAt - 1);
  if (!numbers.every((value) => typeof value === "number" && Number.isSafeInteger(value) && value >= 0)) return { text, parameters };
  const written = ` limit ${numbers[0]}${offsetAt === undefined ? "" : ` offset ${numbers[1]}`}`;
  return { text: text.slice(0, window.index) + written, parameters: parameters.slice(0, limitAt - 1) };
}

/**
 * A prepared statement whose result's columns changed under it (a migration added a column to a
 * table it reads with `*`, as a rolling deploy does under older nodes): PostgreSQL refuses to run
 * it again. That call fails; the text is prepared afresh under a new name on its next call.
 */
function isStalePlan(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === "0A000" && typeof message === "string" && message.includes("cached plan must not change result type");
}
