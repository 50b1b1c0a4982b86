import type pg from "pg";

/**
 * Counts the SQL statements (round trips) that `run` sends through `pool`, as Django's
 * assertNumQueries does: a change that adds a round trip to a request fails its test. Every
 * query a client of the pool sends while `run` is pending counts, BEGIN and COMMIT included;
 * the job queue has a pool of its own, and tests run no workers, so nothing else is counted.
 */
export async function countStatements<T>(pool: pg.Pool, run: () => Promise<T>): Promise<{ result: T; count: number; statements: string[] }> {
  const statements: string[] = [];
  const wrapped = new WeakSet<pg.PoolClient>();
  const onAcquire = (client: pg.PoolClient) => {
    if (wrapped.has(client)) return;
    wrapped.add(client);
    const original = client.query;
    // pg's query takes (text | config, values?, callback?): only the text is recorded.
    client.query = ((...args: unknown[]) => {
      if (counting) {
        const first = args[0] as string | { text?: string };
        statements.push(typeof first === "string" ? first : (first?.text ?? "?"));
      }
      return (original as (...a: unknown[]) => unknown).apply(client, args);
    }) as typeof client.query;
    unwrap.push(() => {
      client.query = original;
    });
  };
  const unwrap: (() => void)[] = [];
  let counting = true;
  pool.on("acquire", onAcquire);
  try {
    const result = await run();
    return { result, count: statements.length, statements };
  } finally {
    counting = false;
    pool.off("acquire", onAcquire);
    for (const undo of unwrap) undo();
  }
}

/** One line per statement, for a failure message that shows what ran. */
export const describeStatements = (statements: string[]) =>
  statements.map((text, index) => `${index + 1}. ${text.replace(/\s+/g, " ").slice(0, 200)}`).join("\n");

/**
 * The statement that resolves a request's session and actor (platform/session-identity.ts), with
 * or without the table versions, or the versions alone beside an identity the node kept.
 */
export const isIdentityStatement = (text: string) =>
  /^select s\.expires_at >= \$2::timestamptz as live\b/.test(text) || /^select \(select string_agg\(tv\.name/.test(text);

/**
 * The statements a GET answered 200 sends beyond resolving its caller's identity, which must be
 * one statement at most (none when the node kept the session's identity, identity-cache.ts). The module switches (`feature_flags`, read once in a while per process
 * for any guarded route) are left out too: they are no part of what a route reads.
 */
export async function statementsBeyondIdentity(pool: pg.Pool, get: () => Promise<{ statusCode: number; body: string }>) {
  const seen = await countStatements(pool, get);
  if (seen.result.statusCode !== 200) throw new Error(`answered ${seen.result.statusCode}: ${seen.result.body}`);
  const identity = seen.statements.filter(isIdentityStatement);
  if (identity.length > 1) throw new Error(`expected one identity statement at most:\n${describeStatements(seen.statements)}`);
  return {
    own: seen.statements.filter((text) => !isIdentityStatement(text) && !/from "feature_flags"/.test(text)),
    statements: seen.statements,
    body: JSON.parse(seen.result.body),
  };
}
