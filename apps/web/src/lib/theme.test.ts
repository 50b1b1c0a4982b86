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

describe("the secondary theme (spec §9)", () => {
  it("widens the side menu to 350 px, and 420 px on wide screens; the primary theme keeps 280 px", async () => {
    const { sideMenuWidth } = await themeWith(false);
    expect(sideMenuWidth("primary", false)).toBe(280);
    expect(sideMenuWidth("primary", true)).toBe(280);
    expect(sideMenuWidth(undefined, true)).toBe(280);
    expect(sideMenuWidth("secondary", false)).toBe(350);
    expect(sideMenuWidth("secondary", true)).toBe(420);
  });

  it("is chosen by name, anything else being the primary theme", async () => {
    const { themeFor, theme, secondaryTheme, WIDE_SCREEN } = await themeWith(false);
    expect(themeFor("secondary")).toBe(secondaryTheme);
    expect(themeFor("primary")).toBe(theme);
    expect(themeFor(undefined)).toBe(theme);
    expect(secondaryTheme.breakpoints.values[WIDE_SCREEN]).toBe(1536);
    expect(secondaryTheme.palette.background.default).not.toBe(theme.palette.background.default);
  });

  /** WCAG 2.x relative luminance and contrast ratio of two opaque #rrggbb colours. */
  /** "#fff" as "#ffffff". */
  const full = (hex: string) => (hex.length === 4 ? `#${[...hex.slice(1)].map((digit) => digit + digit).join("")}` : hex);
  const luminance = (short: string) => {
    const hex = full(short);
    const [r, g, b] = [1, 3, 5]
      .map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * (r as number) + 0.7152 * (g as number) + 0.0722 * (b as number);
  };
  const contrast = (a: string, b: string) => {
    const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
    return (high + 0.05) / (low + 0.05);
  };
  /** A translucent black text colour (rgba(0, 0, 0, a)) as painted over `background`. */
  const over = (text: string, surface: string) => {
    const background = full(surface);
    const alpha = Number(/rgba\(0, 0, 0, ([\d.]+)\)/.exec(text)?.[1]);
    const channel = (at: number) => Math.round(Number.parseInt(background.slice(at, at + 2), 16) * (1 - alpha));
    return `#${[1, 3, 5].map((at) => channel(at).toString(16).padStart(2, "0")).join("")}`;
  };

  it("keeps every text and background pair of both themes at WCAG AA (4.5:1)", async () => {
    const { theme, secondaryTheme } = await themeWith(false);
    for (const current of [theme, secondaryTheme]) {
      const { palette } = current;
      for (const surface of [palette.background.default, palette.background.paper]) {
        expect(contrast(over(palette.text.primary, surface), surface)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(over(palette.text.secondary, surface), surface)).toBeGreaterThanOrEqual(4.5);
        for (const colour of [palette.primary, palette.secondary, palette.error, palette.warning, palette.info, palette.success]) {
          // Coloured text (links, chips, alerts' titles) on the surface, and white text on the colour.
          expect(contrast(colour.main, surface), `${colour.main} on ${surface}`).toBeGreaterThanOrEqual(4.5);
          expect(contrast(colour.contrastText, colour.main), `${colour.contrastText} on ${colour.main}`).toBeGreaterThanOrEqual(4.5);
        }
      }
    }
  });
});
