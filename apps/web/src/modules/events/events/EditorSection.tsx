import { Box, Stack, Typography } from "@mui/material";
import type { ReactNode } from "react";

/** The message under a field of the event editor (by its dotted path), in the interface language. */
export type FieldText = (path: string) => string | undefined;

/** One part of the event editor: a fieldset with its heading and what it is about. */
export function EditorSection({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {hint ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {hint}
        </Typography>
      ) : null}
      <Stack spacing={2}>{children}</Stack>
    </Box>
  );
}
