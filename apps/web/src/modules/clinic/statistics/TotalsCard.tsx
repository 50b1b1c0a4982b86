import type { PatientStatistics } from "@clinic/shared";
import { Box, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { SectionCard } from "../../../lib/components/ChartFigure.tsx";
import { totalsTiles } from "./shape.ts";

/** The range at a glance: assigned, done, adherence, sessions, played time, active days. */
export function TotalsCard({ totals, title, games = true }: { totals: PatientStatistics["data"]["totals"]; title?: string; games?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <SectionCard title={title ?? t("statistics.totals.title")} testId="statistics-totals">
      <Box component="dl" sx={{ display: "grid", gridTemplateColumns: { xs: "1fr 1fr", sm: "repeat(3, 1fr)", md: "repeat(6, 1fr)" }, gap: 1.5, m: 0 }}>
        {totalsTiles(t, i18n.language, totals, games).map(([label, value]) => (
          <Box key={label} sx={{ px: 1.5, py: 1, border: 1, borderColor: "divider", borderRadius: 1, minWidth: 0 }}>
            <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: "block" }}>
              {label}
            </Typography>
            <Typography component="dd" variant="h5" sx={{ m: 0, fontWeight: 600 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </SectionCard>
  );
}
