import { Box, Card, Typography } from "@mui/material";
import type { ReactNode } from "react";

/**
 * A range's headline figures, as a description list of tiles (the statistics app, the booking
 * app's dashboard and report): two a row on a phone, `columns` a row on wider screens.
 */
export function FigureTiles({ label, items, columns }: { label: string; items: [string, ReactNode][]; columns: { md: number; xl: number } }) {
  return (
    <Box component="section" aria-label={label}>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: "grid",
          gap: 2,
          gridTemplateColumns: { xs: "repeat(2, minmax(0, 1fr))", md: `repeat(${columns.md}, minmax(0, 1fr))`, xl: `repeat(${columns.xl}, minmax(0, 1fr))` },
        }}
      >
        {items.map(([name, value]) => (
          <Card key={name} variant="outlined" sx={{ display: "flex", flexDirection: "column-reverse", justifyContent: "flex-end", p: 2 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {name}
            </Typography>
            <Typography component="dd" variant="h5" sx={{ m: 0, fontWeight: 600, overflowWrap: "anywhere" }}>
              {value}
            </Typography>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
