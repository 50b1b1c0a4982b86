import type { FormScore } from "@clinic/shared";
import { Box, Card, CardContent, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber, formatRange } from "./format.ts";

/** The score the server computed on submission: the total with its range and band, then each subscale. */
export function ScoreCard({ score }: { score: FormScore }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const headingId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Typography id={headingId} variant="h6" component="h3" sx={{ mb: 1 }}>
          {t("formResults.score.title")}
        </Typography>
        {score.total !== null ? (
          <Box sx={{ display: "flex", alignItems: "baseline", flexWrap: "wrap", gap: 1, mb: 1 }}>
            <Typography variant="h4" component="p" aria-label={t("formResults.score.totalLabel", { total: formatNumber(score.total, language) })}>
              {formatNumber(score.total, language)}
            </Typography>
            {score.totalRange ? (
              <Typography color="text.secondary">{t("formResults.ofRange", { range: formatRange(score.totalRange, language) })}</Typography>
            ) : null}
            {score.band ? <Chip label={t("formResults.score.band", { band: score.band })} color="primary" variant="outlined" sx={{ ml: { sm: 1 } }} /> : null}
          </Box>
        ) : (
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {t("formResults.score.noTotal")}
          </Typography>
        )}
        {score.subscales.length > 0 ? (
          <Table size="small" aria-label={t("formResults.score.subscales")}>
            <TableHead>
              <TableRow>
                <TableCell>{t("formResults.score.subscale")}</TableCell>
                <TableCell align="right">{t("formResults.score.points")}</TableCell>
                <TableCell align="right">{t("formResults.score.range")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {score.subscales.map((subscale) => (
                <TableRow key={subscale.key}>
                  <TableCell component="th" scope="row">
                    {subscale.name}
                  </TableCell>
                  <TableCell align="right">{subscale.score === null ? "—" : formatNumber(subscale.score, language)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                    {formatRange(subscale.range, language)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
      </CardContent>
    </Card>
  );
}
