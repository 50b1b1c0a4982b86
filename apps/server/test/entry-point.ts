import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * Whether the module at `moduleUrl` (its `import.meta.url`) is the script this process was
 * started with (`npx tsx apps/server/test/<fake>.ts`), so a fake starts its server only when run
 * as a process for the end-to-end specs and not when a test imports it. Real paths on both sides:
 * npx and symlinked checkouts name the same file differently.
 */
export function isEntryPoint(moduleUrl: string): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}
