import { afterEach, describe, expect, it, vi } from "vitest";

/** The theme reads the motion preference when it loads: each case loads it afresh. */
async function themeWith(reduce: boolean) {
  vi.resetModules();
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: reduce && query === "(prefers-reduced-motion: reduce)" }));
  return import("./theme.ts");
}

describe("theme and the reduced-motion preference", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("keeps Material's transitions and ripples by default", async () => {
    const { theme, prefersReducedMotion } = await themeWith(false);
    expect(prefersReducedMotion).toBe(false);
    expect(theme.transitions.create("opacity")).toContain("opacity");
    expect(theme.transitions.duration.enteringScreen).toBeGreaterThan(0);
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBeUndefined();
  });

  it("drops every transition and ripple for a user who asked for less motion", async () => {
    const { theme, prefersReducedMotion } = await themeWith(true);
    expect(prefersReducedMotion).toBe(true);
    expect(theme.transitions.create("opacity")).toBe("none");
    expect(theme.transitions.duration.enteringScreen).toBe(0);
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
    expect(theme.components?.MuiButton?.defaultProps?.disableElevation).toBe(true);
  });
});
