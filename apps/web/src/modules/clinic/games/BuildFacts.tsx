import type { BuildDefinition } from "@clinic/games/browser";
import { Chip, Stack } from "@mui/material";
import { useTranslation } from "react-i18next";

/** A build at a glance: its family, display size, session length and difficulty range. */
export function BuildFacts({ build }: { build: BuildDefinition }) {
  const { t } = useTranslation();
  const portrait = build.size.height > build.size.width;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
      <Chip size="small" color="primary" variant="outlined" label={t(`games.families.${build.family}`)} />
      <Chip size="small" variant="outlined" label={`${build.size.width} × ${build.size.height} · ${portrait ? t("games.portrait") : t("games.landscape")}`} />
      <Chip size="small" variant="outlined" label={t("games.minutes", { count: Math.max(1, Math.round(build.defaultDurationSeconds / 60)) })} />
      <Chip size="small" variant="outlined" label={t("games.levels", { min: build.difficulty.min, max: build.difficulty.max })} />
    </Stack>
  );
}
