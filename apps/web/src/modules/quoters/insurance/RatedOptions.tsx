import { inLanguage, type RatedOption, type RatingStep } from "@clinic/shared";
import { Box, Card, CardContent, Chip, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from "@mui/material";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { formatMoney } from "../../../lib/money.ts";
import { factorShown } from "./format.ts";

/** A rating step's words and what it applied (a multiplier, an amount), in the reader's language. */
export function stepText(step: RatingStep, currency: string, language: string, t: TFunction): { label: string; applied: string } {
  const money = (cents: number) => formatMoney(cents, currency, language);
  switch (step.kind) {
    case "base":
      return { label: t("quoter.breakdown.base"), applied: money(step.amountCents) };
    case "level":
      return { label: t("quoter.breakdown.level", { name: inLanguage(step.name, language) }), applied: factorShown(step.factorBp, language) };
    case "factor": {
      const name = inLanguage(step.name, language);
      // A band shows the number given and its band; a choice its name alone: its value is the product's code for it, in no reader's language.
      const label =
        "from" in step.match
          ? t("quoter.breakdown.factor", { name, input: String(step.input), match: t("quoter.breakdown.band", { from: step.match.from, to: step.match.to }) })
          : t("quoter.breakdown.choice", { factor: name, name: inLanguage(step.match.name, language) });
      return { label, applied: factorShown(step.factorBp, language) };
    }
    case "addOn":
      return { label: t("quoter.breakdown.addOn", { name: inLanguage(step.name, language) }), applied: `+${money(step.amountCents)}` };
    case "minimum":
      return {
        label: t(step.applied ? "quoter.breakdown.minimumApplied" : "quoter.breakdown.minimumMet", { amount: money(step.minimumCents) }),
        applied: step.applied ? t("quoter.breakdown.raised") : "",
      };
    default:
      return { label: t(`quoter.breakdown.rounding.${step.mode}`, { step: money(step.stepCents) }), applied: "" };
  }
}

/** How a premium was reached, step by step, with the running amount after each: a table that scrolls on a phone. */
export function Breakdown({ option }: { option: RatedOption }) {
  const { t, i18n } = useTranslation();
  const currency = option.product.currency;
  return (
    <TableContainer tabIndex={0} role="region" aria-label={t("quoter.breakdown.title", { position: option.position })} sx={{ overflowX: "auto" }}>
      <Table size="small">
        <caption style={{ captionSide: "top", textAlign: "left", padding: "0 0 4px" }}>{t("quoter.breakdown.caption")}</caption>
        <TableHead>
          <TableRow>
            <TableCell>{t("quoter.breakdown.step")}</TableCell>
            <TableCell align="right">{t("quoter.breakdown.applied")}</TableCell>
            <TableCell align="right">{t("quoter.breakdown.running")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {option.breakdown.map((step, index) => {
            const shown = stepText(step, currency, i18n.language, t);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: the steps are a fixed sequence; their order is their identity.
              <TableRow key={index}>
                <TableCell component="th" scope="row">
                  {shown.label}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                  {shown.applied}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                  {formatMoney(step.runningCents, currency, i18n.language)}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The version's coverage: each item with its limit and deductible. */
export function CoverageList({ option }: { option: RatedOption }) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, option.product.currency, i18n.language);
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
      {option.coverage.map((item) => (
        <li key={item.key}>
          <Typography variant="body2">
            {t("quoter.coverage.item", { name: inLanguage(item.name, i18n.language), limit: money(item.limitCents), deductible: money(item.deductibleCents) })}
          </Typography>
        </li>
      ))}
    </Box>
  );
}

/** One option's card: product and version, level, add-ons, the premium, coverage and the breakdown. */
export function RatedOptionCard({ option, chosen = false, headingLevel = "h3" }: { option: RatedOption; chosen?: boolean; headingLevel?: "h2" | "h3" }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const addOns = option.addOns.map((addOn) => inLanguage(addOn.name, language)).join(", ");
  return (
    <Card
      variant="outlined"
      component="section"
      aria-label={t("quoter.options.option", { position: option.position })}
      sx={{ height: "100%", borderColor: chosen ? "primary.main" : undefined }}
    >
      <CardContent>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }} useFlexGap>
            <Typography variant="subtitle1" component={headingLevel} sx={{ fontWeight: 600 }}>
              {t("quoter.options.option", { position: option.position })}
            </Typography>
            {chosen ? <Chip size="small" color="primary" label={t("quoter.options.chosen")} /> : null}
          </Stack>
          <Typography sx={{ overflowWrap: "anywhere" }}>
            {t("quoter.options.product", { code: option.product.code, name: inLanguage(option.product.name, language), version: option.product.version })}
          </Typography>
          <Typography variant="body2">
            {t("quoter.options.levelIs", { level: inLanguage(option.levelName, language) })}
            {" · "}
            {addOns ? t("quoter.options.addOnsAre", { addOns }) : t("quoter.options.noAddOns")}
          </Typography>
          <Box>
            <Typography variant="body2" color="text.secondary">
              {t("quoter.options.premium")}
            </Typography>
            <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
              {formatMoney(option.premiumCents, option.product.currency, language)}
            </Typography>
          </Box>
          <Box>
            <Typography variant="subtitle2" component="p">
              {t("quoter.coverage.title")}
            </Typography>
            <CoverageList option={option} />
          </Box>
          <Breakdown option={option} />
        </Stack>
      </CardContent>
    </Card>
  );
}

/** Up to three options side by side (stacked on a phone), in their order. */
export function RatedOptions({ options, chosen = null }: { options: RatedOption[]; chosen?: number | null }) {
  const sorted = [...options].sort((a, b) => a.position - b.position);
  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "minmax(0, 1fr)", md: `repeat(${Math.min(sorted.length, 3)}, minmax(0, 1fr))` } }}>
      {sorted.map((option) => (
        <RatedOptionCard key={option.position} option={option} chosen={chosen === option.position} />
      ))}
    </Box>
  );
}
