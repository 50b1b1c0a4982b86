/**
 * After a deploy, a tab opened before it asks for chunks that no longer exist. Reloading fetches
 * the new shell and its chunks; doing it at most once a minute (remembered in sessionStorage,
 * which survives the reload) means a chunk that is truly missing shows the error, never a loop.
 */
const RELOADED_AT = "clinic.chunk-reload-at";
const GUARD_MS = 60_000;

/** The messages browsers and Vite give when a script or style chunk cannot be loaded. */
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|is not a valid JavaScript MIME type/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR.test(error.message);
}

export interface ReloadDeps {
  storage: Pick<Storage, "getItem" | "setItem">;
  reload: () => void;
  now: number;
}

/** Reloads the page unless it was reloaded for this reason within the last minute; answers whether it did. */
export function reloadOnce(deps: ReloadDeps): boolean {
  let last = Number.NaN;
  try {
    last = Number(deps.storage.getItem(RELOADED_AT));
    deps.storage.setItem(RELOADED_AT, String(deps.now));
  } catch {
    // Storage refused (private mode, quota): without a guard a reload could loop, so none.
    return false;
  }
  if (Number.isFinite(last) && last > 0 && deps.now - last < GUARD_MS) return false;
  deps.reload();
  return true;
}

const browser = (): ReloadDeps => ({ storage: window.sessionStorage, reload: () => window.location.reload(), now: Date.now() });

/** For React's error callbacks: reloads on a chunk that failed to load; answers whether it did. */
export function reloadAfterChunkError(error: unknown): boolean {
  return isChunkLoadError(error) && reloadOnce(browser());
}

/** Vite announces a failed chunk or preload with `vite:preloadError`; cancelling it stops the throw while the page reloads. */
export function installChunkReload(): void {
  window.addEventListener("vite:preloadError", (event) => {
    if (reloadOnce(browser())) event.preventDefault();
  });
}
