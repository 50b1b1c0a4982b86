import { createTheme } from "@mui/material/styles";

/** One Material theme for the shell; colours keep WCAG AA contrast on text. */
export const theme = createTheme({
  palette: {
    primary: { main: "#1f5f8b" },
    secondary: { main: "#6a3d9a" },
    background: { default: "#f4f6f8" },
    success: { main: "#2e7d32" },
  },
  shape: { borderRadius: 10 },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
  },
});
