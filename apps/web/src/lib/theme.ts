import { SIDE_MENU_WIDTH, type ThemeName } from "@clinic/shared";
import { createTheme, type Theme, type ThemeOptions } from "@mui/material/styles";

/**
 * Whether the user asked their system for less motion (WCAG 2.3.3). Many of this platform's
 * patients have vestibular disorders, for whom sliding and fading can bring on dizziness.
 * Read once, when the app loads.
 */
export const prefersReducedMotion: boolean = globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;

/** Without motion: no transitions, no ripples (dialogs, menus and the shell appear at once). */
const withoutMotion: ThemeOptions = {
  transitions: {
    create: () => "none",
    duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiButtonBase: { defaultProps: { disableRipple: true } },
  },
};

/** The palette every theme keeps: its colours were chosen for WCAG AA contrast on text (4.5:1). */
const palette = {
  primary: { main: "#1f5f8b" },
  secondary: { main: "#6a3d9a" },
  background: { default: "#f4f6f8" },
  success: { main: "#2e7d32" },
  // MUI's warning orange (#ed6c02) and info blue (#0288d1) reach only 3.1:1 and 3.9:1 on
  // white, as chip text or behind white text; these keep 4.5:1 on white and on the page grey.
  warning: { main: "#a84b00", contrastText: "#ffffff" },
  info: { main: "#0369a1", contrastText: "#ffffff" },
} satisfies ThemeOptions["palette"];

const common: ThemeOptions = {
  shape: { borderRadius: 10 },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
  },
  ...(prefersReducedMotion ? withoutMotion : {}),
};

/** One Material theme for the app and the sign-in page (login-main.tsx); colours keep WCAG AA contrast on text. */
export const theme = createTheme({ ...common, palette });

/**
 * The secondary theme (spec §9): a wider side menu (sideMenuWidth) on a cooler page grey with
 * near-white cards. The text colours and the coloured fills are the primary theme's, and the page
 * grey is light enough that every pair keeps 4.5:1 (theme.test.ts measures them).
 */
export const secondaryTheme = createTheme({
  ...common,
  palette: { ...palette, background: { default: "#f1f4f8", paper: "#ffffff" } },
  shape: { borderRadius: 6 },
});

export function themeFor(name: ThemeName | undefined): Theme {
  return name === "secondary" ? secondaryTheme : theme;
}

/** The breakpoint from which the secondary theme's side menu is widest: "wide screens" of spec §9 (1536 px). */
export const WIDE_SCREEN = "xl" as const;

/** Spec §9: "Side menu width 280px (350px or 420px on wide screens in the secondary theme)". */
export function sideMenuWidth(name: ThemeName | undefined, wide: boolean): number {
  if (name !== "secondary") return SIDE_MENU_WIDTH;
  return wide ? 420 : 350;
}
