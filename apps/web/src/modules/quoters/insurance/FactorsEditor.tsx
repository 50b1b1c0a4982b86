import { INSURANCE_LIMITS } from "@clinic/shared";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import { Box, IconButton, MenuItem, Stack, TextField, Tooltip, Typography } from "@mui/material";
import { Controller, useFieldArray } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { BilingualTextFields, EditorRowCard, EditorRowsFooter, EditorSection as Section } from "../../../lib/components/EditorSection.tsx";
import { newBandRow, newChoiceRow, newFactorRow } from "./product-form.ts";
import { FactorField, KeyField, type RulesPartProps } from "./RulesEditor.tsx";

type TableProps = Omit<RulesPartProps, "currency"> & { index: number };

function RemoveRow({ label, onRemove, disabled }: { label: string; onRemove: () => void; disabled: boolean }) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} onClick={onRemove} disabled={disabled} size="small" sx={{ mt: 0.5 }}>
          <DeleteOutline fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** A band table's rows: whole numbers from–to (both included) and the multiplier of that band; no gaps, no overlaps. */
function BandRows({ form, text, index }: TableProps) {
  const { t } = useTranslation();
  const name = `rules.factors.${index}.bands` as const;
  const { fields, append, remove } = useFieldArray({ control: form.control, name, keyName: "rowKey" });
  const addBand = () => {
    // The next band starts right after the last one ends, as the rules ask.
    const last = form.getValues(`${name}.${fields.length - 1}.to`);
    const next = /^\d+$/.test(last ?? "") ? String(Number(last) + 1) : "";
    append(newBandRow(next));
  };
  return (
    <Stack spacing={1.5} role="group" aria-label={t("quoter.rules.bandsOf", { row: index + 1 })}>
      {fields.map((field, row) => {
        const at = (column: string) => `${name}.${row}.${column}`;
        const label = (what: string) => t(`quoter.rules.band.${what}`, { row: row + 1 });
        return (
          <Stack key={field.rowKey} direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "flex-start" } }}>
            {(["from", "to"] as const).map((bound) => (
              <TextField
                key={bound}
                label={label(bound)}
                size="small"
                required
                {...form.register(`${name}.${row}.${bound}`)}
                error={!!text(at(bound))}
                helperText={text(at(bound))}
                slotProps={{ htmlInput: { inputMode: "numeric", autoComplete: "off" } }}
                sx={{ width: { xs: "100%", sm: 140 } }}
              />
            ))}
            <FactorField form={form} path={`${name}.${row}.factorBp`} text={text} label={label("factor")} />
            <RemoveRow label={label("remove")} onRemove={() => remove(row)} disabled={fields.length <= 1} />
          </Stack>
        );
      })}
      <EditorRowsFooter error={text(name)} addLabel={t("quoter.rules.addBand")} onAdd={addBand} addDisabled={fields.length >= INSURANCE_LIMITS.bands} />
    </Stack>
  );
}

/** A choice table's rows: the value answers carry, its name in both languages and its multiplier. */
function ChoiceRows({ form, text, index }: TableProps) {
  const { t } = useTranslation();
  const name = `rules.factors.${index}.options` as const;
  const { fields, append, remove } = useFieldArray({ control: form.control, name, keyName: "rowKey" });
  return (
    <Stack spacing={2} role="group" aria-label={t("quoter.rules.choicesOf", { row: index + 1 })}>
      {fields.map((field, row) => {
        const at = (column: string) => `${name}.${row}.${column}`;
        const label = (what: string) => t(`quoter.rules.choice.${what}`, { row: row + 1 });
        return (
          <Box key={field.rowKey} sx={{ borderLeft: 3, borderColor: "divider", pl: 1.5 }}>
            <Stack spacing={1}>
              <BilingualTextFields
                labels={{ en: label("nameEn"), es: label("nameEs") }}
                register={(language) => form.register(`${name}.${row}.name.${language}`)}
                errors={{ en: text(at("name.en")), es: text(at("name.es")) }}
                maxLength={INSURANCE_LIMITS.name}
              />
              <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "flex-start" } }}>
                <TextField
                  label={label("value")}
                  size="small"
                  required
                  {...form.register(`${name}.${row}.value`)}
                  error={!!text(at("value"))}
                  helperText={text(at("value")) ?? t("quoter.rules.choice.valueHint")}
                  slotProps={{ htmlInput: { maxLength: INSURANCE_LIMITS.choiceValue, autoComplete: "off", spellCheck: false } }}
                  sx={{ width: { xs: "100%", sm: 220 } }}
                />
                <FactorField form={form} path={`${name}.${row}.factorBp`} text={text} label={label("factor")} />
                <RemoveRow label={label("remove")} onRemove={() => remove(row)} disabled={fields.length <= 1} />
              </Stack>
            </Stack>
          </Box>
        );
      })}
      <EditorRowsFooter
        error={text(name)}
        addLabel={t("quoter.rules.addChoice")}
        onAdd={() => append(newChoiceRow())}
        addDisabled={fields.length >= INSURANCE_LIMITS.choices}
      />
    </Stack>
  );
}

/**
 * The rating factors: each a table the applicant's answer is looked up in, by band (an age, a
 * number of rooms) or by choice (a region). A card each, with its rows below.
 */
export function FactorsEditor({ form, text }: Omit<RulesPartProps, "currency">) {
  const { t } = useTranslation();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "rules.factors", keyName: "rowKey" });
  const kinds = form.watch("rules.factors")?.map((factor) => factor.kind) ?? [];
  return (
    <Section title={t("quoter.rules.factors")} hint={t("quoter.rules.factorsHint")}>
      {fields.length === 0 ? <Typography color="text.secondary">{t("quoter.rules.noFactors")}</Typography> : null}
      {fields.map((field, index) => {
        const at = (column: string) => `rules.factors.${index}.${column}`;
        const kind = kinds[index] ?? field.kind;
        return (
          <EditorRowCard
            key={field.rowKey}
            title={t("quoter.rules.factorRow", { row: index + 1 })}
            note={t(`quoter.rules.kinds.${kind}`)}
            removeLabel={t("quoter.rules.removeFactor", { row: index + 1 })}
            onRemove={() => remove(index)}
          >
            <BilingualTextFields
              labels={{ en: t("quoter.fields.nameEn"), es: t("quoter.fields.nameEs") }}
              register={(language) => form.register(`rules.factors.${index}.name.${language}`)}
              errors={{ en: text(at("name.en")), es: text(at("name.es")) }}
              maxLength={INSURANCE_LIMITS.name}
            />
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              <Controller
                control={form.control}
                name={`rules.factors.${index}.kind`}
                render={({ field: kindField }) => (
                  <TextField select size="small" label={t("quoter.rules.kind")} {...kindField} sx={{ width: { xs: "100%", sm: 220 } }}>
                    <MenuItem value="bands">{t("quoter.rules.kinds.bands")}</MenuItem>
                    <MenuItem value="choice">{t("quoter.rules.kinds.choice")}</MenuItem>
                  </TextField>
                )}
              />
              <KeyField form={form} path={`rules.factors.${index}.key`} text={text} />
            </Stack>
            {kind === "bands" ? <BandRows form={form} text={text} index={index} /> : <ChoiceRows form={form} text={text} index={index} />}
          </EditorRowCard>
        );
      })}
      <EditorRowsFooter
        error={text("rules.factors")}
        addLabel={t("quoter.rules.addFactor")}
        onAdd={() => append(newFactorRow())}
        addDisabled={fields.length >= INSURANCE_LIMITS.factors}
      />
    </Section>
  );
}
