import type { FormScore } from "@clinic/shared";
import { Box, Chip, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";

const number = (value: number | null, language: string) => (value === null ? "—" : value.toLocaleString(language, { maximumFractionDigits: 2 }));

/** A score: the total out of its range with its band, then each subscale. Nothing when the form is not scored. */
export function ScoreSummary({ score, title }: { score: FormScore; title?: string }) {
  const { t, i18n } = useTranslation();
  if (score.totalRange === null && score.subscales.length === 0) return null;
  return (
    <Box>
      {title ? (
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
      ) : null}
      {score.totalRange ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
          <Typography>
            {t("dynamicForms.score.total", {
              score: number(score.total, i18n.language),
              min: number(score.totalRange.min, i18n.language),
              max: number(score.totalRange.max, i18n.language),
            })}
          </Typography>
          {score.band ? <Chip size="small" color="primary" variant="outlined" label={score.band} /> : null}
        </Stack>
      ) : null}
      {score.subscales.length > 0 ? (
        <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
          {score.subscales.map((subscale) => (
            <li key={subscale.key}>
              <Typography variant="body2">
                {t("dynamicForms.score.subscale", {
                  name: subscale.name,
                  score: number(subscale.score, i18n.language),
                  min: number(subscale.range.min, i18n.language),
                  max: number(subscale.range.max, i18n.language),
                })}
              </Typography>
            </li>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
