import { Box, CircularProgress } from "@mui/material";

/** The spinner any page or layout shows while it waits; in lib/ so a page never imports the shell for it. */
export function Loading() {
  return (
    <Box sx={{ display: "grid", placeItems: "center", minHeight: 240 }} role="status" aria-live="polite">
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}
