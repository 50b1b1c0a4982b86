import { INSURANCE_LIMITS, ROUNDING_MODES, ROUNDING_STEPS } from "@clinic/shared";
import ArrowDownward from "@mui/icons-material/ArrowDownward";
import ArrowUpward from "@mui/icons-material/ArrowUpward";
import { IconButton, InputAdornment, MenuItem, Stack, TextField, Tooltip } from "@mui/material";
import { Controller, type Path, type UseFormReturn, useFieldArray } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { BilingualTextFields, EditorRowCard, EditorRowsFooter, EditorSection as Section, type FieldText } from "../../../lib/components/EditorSection.tsx";
import { MoneyField } from "../../../lib/components/MoneyField.tsx";
import { formatMoney } from "../../../lib/money.ts";
import { newAddOnRow, newCoverageRow, newLevelRow, type ProductFormValues } from "./product-form.ts";

type Form = UseFormReturn<ProductFormValues>;
export interface RulesPartProps {
  form: Form;
  currency: string;
  text: FieldText;
}

/** A row's key: optional, made from the English name when left empty (product-form.ts keyOf). */
export function KeyField({ form, path, text }: { form: Form; path: Path<ProductFormValues>; text: FieldText }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t("quoter.rules.key")}
      size="small"
      {...form.register(path)}
      error={!!text(path)}
      helperText={text(path) ?? t("quoter.rules.keyHint")}
      slotProps={{ htmlInput: { maxLength: INSURANCE_LIMITS.key, autoComplete: "off", spellCheck: false } }}
      sx={{ width: { xs: "100%", sm: 220 } }}
    />
  );
}

/** A multiplier typed as a decimal ("1.25"), sent in basis points. */
export function FactorField({ form, path, text, label }: { form: Form; path: Path<ProductFormValues>; text: FieldText; label?: string }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={label ?? t("quoter.rules.factor")}
      size="small"
      required
      {...form.register(path)}
      error={!!text(path)}
      helperText={text(path)}
      slotProps={{
        htmlInput: { inputMode: "decimal", autoComplete: "off" },
        input: { startAdornment: <InputAdornment position="start">×</InputAdornment> },
      }}
      sx={{ width: { xs: "100%", sm: 160 } }}
    />
  );
}

/** The coverage items: what the policy pays for, each with its limit and deductible. */
export function CoverageEditor({ form, currency, text }: RulesPartProps) {
  const { t } = useTranslation();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "rules.coverage", keyName: "rowKey" });
  return (
    <Section title={t("quoter.rules.coverage")} hint={t("quoter.rules.coverageHint")}>
      {fields.map((field, index) => {
        const at = (column: string) => `rules.coverage.${index}.${column}`;
        return (
          <EditorRowCard
            key={field.rowKey}
            title={t("quoter.rules.coverageRow", { row: index + 1 })}
            removeLabel={t("quoter.rules.removeCoverage", { row: index + 1 })}
            onRemove={() => remove(index)}
            removeDisabled={fields.length <= 1}
          >
            <BilingualTextFields
              labels={{ en: t("quoter.fields.nameEn"), es: t("quoter.fields.nameEs") }}
              register={(language) => form.register(`rules.coverage.${index}.name.${language}`)}
              errors={{ en: text(at("name.en")), es: text(at("name.es")) }}
              maxLength={INSURANCE_LIMITS.name}
            />
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              <MoneyField
                currency={currency}
                label={t("quoter.rules.limit")}
                required
                size="small"
                {...form.register(`rules.coverage.${index}.limitCents`)}
                error={!!text(at("limitCents"))}
                helperText={text(at("limitCents"))}
              />
              <MoneyField
                currency={currency}
                label={t("quoter.rules.deductible")}
                required
                size="small"
                {...form.register(`rules.coverage.${index}.deductibleCents`)}
                error={!!text(at("deductibleCents"))}
                helperText={text(at("deductibleCents"))}
              />
              <KeyField form={form} path={`rules.coverage.${index}.key`} text={text} />
            </Stack>
          </EditorRowCard>
        );
      })}
      <EditorRowsFooter
        error={text("rules.coverage")}
        addLabel={t("quoter.rules.addCoverage")}
        onAdd={() => append(newCoverageRow())}
        addDisabled={fields.length >= INSURANCE_LIMITS.coverage}
      />
    </Section>
  );
}

/** Moves an ordered row (a coverage level) one place up or down; the tooltip stays when it cannot. */
function MoveButton({ label, onClick, disabled, up = false }: { label: string; onClick: () => void; disabled: boolean; up?: boolean }) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} onClick={onClick} disabled={disabled} size="small">
          {up ? <ArrowUpward fontSize="small" /> : <ArrowDownward fontSize="small" />}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** The coverage levels, lowest first: each multiplies the base; a higher level never costs less. */
export function LevelsEditor({ form, text }: Omit<RulesPartProps, "currency">) {
  const { t } = useTranslation();
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: "rules.levels", keyName: "rowKey" });
  return (
    <Section title={t("quoter.rules.levels")} hint={t("quoter.rules.levelsHint")}>
      {fields.map((field, index) => {
        const at = (column: string) => `rules.levels.${index}.${column}`;
        return (
          <EditorRowCard
            key={field.rowKey}
            title={t("quoter.rules.levelRow", { row: index + 1 })}
            removeLabel={t("quoter.rules.removeLevel", { row: index + 1 })}
            onRemove={() => remove(index)}
            removeDisabled={fields.length <= 1}
            actions={
              <>
                <MoveButton label={t("quoter.rules.moveUp", { row: index + 1 })} onClick={() => move(index, index - 1)} disabled={index === 0} up />
                <MoveButton
                  label={t("quoter.rules.moveDown", { row: index + 1 })}
                  onClick={() => move(index, index + 1)}
                  disabled={index === fields.length - 1}
                />
              </>
            }
          >
            <BilingualTextFields
              labels={{ en: t("quoter.fields.nameEn"), es: t("quoter.fields.nameEs") }}
              register={(language) => form.register(`rules.levels.${index}.name.${language}`)}
              errors={{ en: text(at("name.en")), es: text(at("name.es")) }}
              maxLength={INSURANCE_LIMITS.name}
            />
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              <FactorField form={form} path={`rules.levels.${index}.factorBp`} text={text} />
              <KeyField form={form} path={`rules.levels.${index}.key`} text={text} />
            </Stack>
          </EditorRowCard>
        );
      })}
      <EditorRowsFooter
        error={text("rules.levels")}
        addLabel={t("quoter.rules.addLevel")}
        onAdd={() => append(newLevelRow(form.getValues(`rules.levels.${fields.length - 1}.factorBp`) || "1"))}
        addDisabled={fields.length >= INSURANCE_LIMITS.levels}
      />
    </Section>
  );
}

/** The base premium, the minimum and the rounding of the final amount. */
export function PricingEditor({ form, currency, text }: RulesPartProps) {
  const { t, i18n } = useTranslation();
  return (
    <Section title={t("quoter.rules.pricing")} hint={t("quoter.rules.pricingHint")}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <MoneyField
          currency={currency}
          label={t("quoter.rules.basePremium")}
          required
          fullWidth
          {...form.register("rules.basePremiumCents")}
          error={!!text("rules.basePremiumCents")}
          helperText={text("rules.basePremiumCents") ?? t("quoter.rules.basePremiumHint")}
        />
        <MoneyField
          currency={currency}
          label={t("quoter.rules.minimumPremium")}
          fullWidth
          {...form.register("rules.minimumPremiumCents")}
          error={!!text("rules.minimumPremiumCents")}
          helperText={text("rules.minimumPremiumCents") ?? t("quoter.rules.minimumHint")}
        />
      </Stack>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <Controller
          control={form.control}
          name="rules.rounding.stepCents"
          render={({ field }) => (
            <TextField
              select
              fullWidth
              label={t("quoter.rules.roundingStep")}
              {...field}
              error={!!text("rules.rounding.stepCents")}
              helperText={text("rules.rounding.stepCents")}
            >
              {ROUNDING_STEPS.map((step) => (
                <MenuItem key={step} value={String(step)}>
                  {formatMoney(step, currency, i18n.language)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={form.control}
          name="rules.rounding.mode"
          render={({ field }) => (
            <TextField select fullWidth label={t("quoter.rules.roundingMode")} {...field}>
              {ROUNDING_MODES.map((mode) => (
                <MenuItem key={mode} value={mode}>
                  {t(`quoter.rules.modes.${mode}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Stack>
    </Section>
  );
}

/** The add-ons: flat yearly amounts an option may add after the factors. */
export function AddOnsEditor({ form, currency, text }: RulesPartProps) {
  const { t } = useTranslation();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "rules.addOns", keyName: "rowKey" });
  return (
    <Section title={t("quoter.rules.addOns")} hint={t("quoter.rules.addOnsHint")}>
      {fields.map((field, index) => {
        const at = (column: string) => `rules.addOns.${index}.${column}`;
        return (
          <EditorRowCard
            key={field.rowKey}
            title={t("quoter.rules.addOnRow", { row: index + 1 })}
            removeLabel={t("quoter.rules.removeAddOn", { row: index + 1 })}
            onRemove={() => remove(index)}
          >
            <BilingualTextFields
              labels={{ en: t("quoter.fields.nameEn"), es: t("quoter.fields.nameEs") }}
              register={(language) => form.register(`rules.addOns.${index}.name.${language}`)}
              errors={{ en: text(at("name.en")), es: text(at("name.es")) }}
              maxLength={INSURANCE_LIMITS.name}
            />
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              <MoneyField
                currency={currency}
                label={t("quoter.rules.yearlyPrice")}
                required
                size="small"
                {...form.register(`rules.addOns.${index}.premiumCents`)}
                error={!!text(at("premiumCents"))}
                helperText={text(at("premiumCents"))}
              />
              <KeyField form={form} path={`rules.addOns.${index}.key`} text={text} />
            </Stack>
          </EditorRowCard>
        );
      })}
      <EditorRowsFooter
        error={text("rules.addOns")}
        addLabel={t("quoter.rules.addAddOn")}
        onAdd={() => append(newAddOnRow())}
        addDisabled={fields.length >= INSURANCE_LIMITS.addOns}
      />
    </Section>
  );
}
