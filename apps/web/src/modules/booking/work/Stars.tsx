import { Rating, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { formatScore } from "./figures.ts";

/**
 * A score or an average as stars, read out as "4.3 out of 5" (the stars are one image with that
 * name); the number is written beside them for those who see them.
 */
export function Stars({ score }: { score: number | null }) {
  const { t, i18n } = useTranslation();
  const written = formatScore(score, i18n.language);
  if (score === null || written === null) return <Typography variant="body2">{t("bookingWork.ratings.none")}</Typography>;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "center" }} component="span">
      <Rating value={score} precision={0.1} readOnly size="small" getLabelText={() => t("bookingWork.ratings.outOfFive", { score: written })} />
      <Typography component="span" variant="body2" aria-hidden>
        {written}
      </Typography>
    </Stack>
  );
}
