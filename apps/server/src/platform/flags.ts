import { FEATURE_FLAGS, type FeatureFlag, type FeatureFlags, isModuleBuilt, NOT_AVAILABLE_MESSAGE } from "@clinic/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { featureFlags } from "../db/schema.ts";
import { conflict } from "./errors.ts";

/**
 * Module flags live in PostgreSQL so every app node agrees. Each node keeps them for a
 * few seconds to spare a query per request; a switch on this node is seen at once.
 */
export class FlagService {
  private cache: { flags: FeatureFlags; at: number } | null = null;

  constructor(
    private readonly db: Db,
    private readonly defaults: readonly FeatureFlag[],
    private readonly ttlMs = 3000,
  ) {}

  /** Creates the rows missing from the table with the environment's defaults; a module not built yet starts off. */
  async ensureRows(): Promise<void> {
    await this.db
      .insert(featureFlags)
      .values(FEATURE_FLAGS.map((name) => ({ name, enabled: this.defaults.includes(name) && isModuleBuilt(name) })))
      .onConflictDoNothing();
  }

  async all(): Promise<FeatureFlags> {
    if (this.cache && Date.now() - this.cache.at < this.ttlMs) return this.cache.flags;
    const rows = await this.db.select({ name: featureFlags.name, enabled: featureFlags.enabled }).from(featureFlags);
    const flags = Object.fromEntries(FEATURE_FLAGS.map((name) => [name, this.defaults.includes(name) && isModuleBuilt(name)])) as FeatureFlags;
    // A module not built yet reads as off, even from a row switched on before it was held back.
    for (const row of rows) if (row.name in flags) flags[row.name as FeatureFlag] = row.enabled && isModuleBuilt(row.name as FeatureFlag);
    this.cache = { flags, at: Date.now() };
    return flags;
  }

  async isEnabled(flag: FeatureFlag): Promise<boolean> {
    return (await this.all())[flag];
  }

  /** Switching off is always allowed; switching on a module that does not exist yet is a 409. */
  async set(flag: FeatureFlag, enabled: boolean, by: string): Promise<FeatureFlags> {
    if (enabled && !isModuleBuilt(flag)) throw conflict(NOT_AVAILABLE_MESSAGE);
    await this.db
      .insert(featureFlags)
      .values({ name: flag, enabled, updatedBy: by })
      .onConflictDoUpdate({ target: featureFlags.name, set: { enabled, updatedBy: by, updatedAt: sql`now()` } });
    this.cache = null;
    return this.all();
  }
}
