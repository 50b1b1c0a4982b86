import { createTheme } from "@mui/material/styles";

/** One Material theme for the app and the sign-in page (login-main.tsx); colours keep WCAG AA contrast on text. */
export const theme = createTheme({
  palette: {
    primary: { main: "#1f5f8b" },
    secondary: { main: "#6a3d9a" },
    background: { default: "#f4f6f8" },
    success: { main: "#2e7d32" },
    // MUI's warning orange (#ed6c02) and info blue (#0288d1) reach only 3.1:1 and 3.9:1 on
    // white, as chip text or behind white text; these keep 4.5:1 on white and on the page grey.
    warning: { main: "#a84b00", contrastText: "#ffffff" },
    info: { main: "#0369a1", contrastText: "#ffffff" },
  },
  shape: { borderRadius: 10 },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
  },
});
