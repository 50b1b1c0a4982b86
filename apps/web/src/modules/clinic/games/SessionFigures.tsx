import { type BuildDefinition, type PlayedSession, summariseCommon } from "@clinic/games/browser";
import { Box, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";

/** What a played session shows its player: a few plain figures (the server keeps them all). */
export function SessionFigures({ build, played }: { build: BuildDefinition; played: PlayedSession }) {
  const { t, i18n } = useTranslation();
  const summary = summariseCommon(played.trials);
  const number = (value: number, digits = 0) => value.toLocaleString(i18n.language, { maximumFractionDigits: digits });
  const figures: [string, string][] = [[t("games.figures.trials"), number(summary.trials ?? 0)]];
  if (summary.accuracy !== undefined) figures.push([t("games.figures.accuracy"), `${number(summary.accuracy * 100)} %`]);
  if (summary.rt_median_ms !== undefined) figures.push([t("games.figures.reaction"), t("games.figures.ms", { value: number(summary.rt_median_ms) })]);
  figures.push([t("games.figures.level"), t("games.figures.levelRange", { start: played.levelStart, end: played.levelEnd, max: build.difficulty.max })]);
  figures.push([t("games.figures.time"), t("games.figures.seconds", { value: number(played.durationMs / 1000) })]);
  return (
    <Box
      component="dl"
      aria-label={t("games.figures.title")}
      sx={{ display: "grid", gridTemplateColumns: { xs: "1fr 1fr", sm: "repeat(5, 1fr)" }, gap: 2, m: 0 }}
    >
      {figures.map(([label, value]) => (
        <Box key={label} sx={{ p: 1.5, border: 1, borderColor: "divider", borderRadius: 1 }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="h6" sx={{ m: 0 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
