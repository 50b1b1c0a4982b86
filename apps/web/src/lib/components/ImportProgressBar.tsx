import { Box, LinearProgress, Typography } from "@mui/material";

/**
 * How far an upload or import has got: the step in words above a bar, determinate with a
 * percentage, or moving on its own (`value` null) while the server has not said yet. The bar
 * is named by the same words, so a screen reader hears the step with the value.
 */
export function ImportProgressBar({ label, value }: { label: string; value: number | null }) {
  return (
    <Box>
      <Typography variant="body2" aria-hidden>
        {label}
      </Typography>
      <LinearProgress aria-label={label} variant={value === null ? "indeterminate" : "determinate"} value={value ?? undefined} />
    </Box>
  );
}
