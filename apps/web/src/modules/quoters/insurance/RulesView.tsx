import { type InsuranceRules, inLanguage } from "@clinic/shared";
import { Box, Stack, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatMoney } from "../../../lib/money.ts";
import { factorShown } from "./format.ts";

/** A titled list of the rules' items, each a line of text. */
function RulesPart({ title, items }: { title: string; items: ReactNode[] }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle2" component="h4">
        {title}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: read-only lines in a fixed order
          <Typography component="li" variant="body2" key={index}>
            {item}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/**
 * A version's rules as saved, read only (an older version a quote was rated with, or the current
 * one): coverage with limits and deductibles, levels, the premium's base, minimum and rounding,
 * each rating factor's table and the add-ons, in the interface language.
 */
export function RulesView({ rules, currency }: { rules: InsuranceRules; currency: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const money = (cents: number) => formatMoney(cents, currency, language);
  const name = (value: { en: string; es: string }) => inLanguage(value, language);
  return (
    <Stack spacing={1.5}>
      <RulesPart
        title={t("quoter.rules.coverage")}
        items={rules.coverage.map((item) =>
          t("quoter.coverage.item", { name: name(item.name), limit: money(item.limitCents), deductible: money(item.deductibleCents) }),
        )}
      />
      <RulesPart title={t("quoter.rules.levels")} items={rules.levels.map((level) => `${name(level.name)} ${factorShown(level.factorBp, language)}`)} />
      <RulesPart
        title={t("quoter.rules.pricing")}
        items={[
          `${t("quoter.rules.basePremium")}: ${money(rules.basePremiumCents)}`,
          `${t("quoter.rules.minimumPremium")}: ${money(rules.minimumPremiumCents)}`,
          t(`quoter.breakdown.rounding.${rules.rounding.mode}`, { step: money(rules.rounding.stepCents) }),
        ]}
      />
      {rules.factors.map((factor) => (
        <RulesPart
          key={factor.key}
          title={`${t("quoter.versions.factor", { name: name(factor.name) })} (${t(`quoter.rules.kinds.${factor.kind}`)})`}
          items={
            factor.kind === "bands"
              ? factor.bands.map((band) => `${t("quoter.breakdown.band", { from: band.from, to: band.to })} ${factorShown(band.factorBp, language)}`)
              : factor.options.map((option) => `${name(option.name)} ${factorShown(option.factorBp, language)}`)
          }
        />
      ))}
      {rules.factors.length === 0 ? <Typography variant="body2">{t("quoter.rules.noFactors")}</Typography> : null}
      {rules.addOns.length > 0 ? (
        <RulesPart title={t("quoter.rules.addOns")} items={rules.addOns.map((addOn) => `${name(addOn.name)}: +${money(addOn.premiumCents)}`)} />
      ) : null}
    </Stack>
  );
}
