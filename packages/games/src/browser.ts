/** `@clinic/games/browser`: everything in `@clinic/games` plus the playing side. */
export * from "./index.ts";
export { FAMILY_ENGINES } from "./families/engines.ts";
export { DEMONSTRATION_DELAY_MS, mountGame, type DemonstratedInput, type GameController, type MountOptions } from "./runtime/mount.ts";
export type { FrameStats, GameState, GameTick } from "./runtime/session.ts";
