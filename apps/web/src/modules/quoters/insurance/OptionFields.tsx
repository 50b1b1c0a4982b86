import { type InsuranceProductDetail, type InsuranceProductRow, inLanguage, type RatingFactor } from "@clinic/shared";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import { Card, CardContent, IconButton, MenuItem, Stack, TextField, Tooltip, Typography } from "@mui/material";
import { Controller, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { CheckboxChoices } from "../../../lib/components/ChoiceChips.tsx";
import type { FieldText } from "../../../lib/components/EditorSection.tsx";
import { bandRange, type QuoteFormValues } from "./quote-form.ts";

/**
 * One option of the main panel: a product (active ones), one of its coverage levels and any of
 * its add-ons. Choosing another product clears the level and add-ons, which belong to a product.
 */
export function OptionFields(props: {
  form: UseFormReturn<QuoteFormValues>;
  index: number;
  products: InsuranceProductRow[];
  product: InsuranceProductDetail | undefined;
  text: FieldText;
  onRemove?: () => void;
}) {
  const { form, index, products, product, text, onRemove } = props;
  const { t, i18n } = useTranslation();
  const position = index + 1;
  const at = (field: string) => `options.${index}.${field}`;
  return (
    <Card variant="outlined" component="section" aria-label={t("quoter.options.option", { position })} sx={{ height: "100%" }}>
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center" }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {t("quoter.options.option", { position })}
            </Typography>
            {onRemove ? (
              <Tooltip title={t("quoter.options.remove", { position })}>
                <IconButton aria-label={t("quoter.options.remove", { position })} onClick={onRemove} size="small">
                  <DeleteOutline fontSize="small" />
                </IconButton>
              </Tooltip>
            ) : null}
          </Stack>
          <Controller
            control={form.control}
            name={`options.${index}.productId`}
            render={({ field }) => (
              <TextField
                select
                required
                label={t("quoter.options.productLabel")}
                {...field}
                onChange={(event) => {
                  field.onChange(event.target.value);
                  form.setValue(`options.${index}.level`, "");
                  form.setValue(`options.${index}.addOns`, []);
                }}
                error={!!text(at("productId"))}
                helperText={text(at("productId"))}
                fullWidth
              >
                {products.map((one) => (
                  <MenuItem key={one.id} value={String(one.id)}>
                    {`${one.code} · ${inLanguage(one.name, i18n.language)}`}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={form.control}
            name={`options.${index}.level`}
            render={({ field }) => (
              <TextField
                select
                required
                label={t("quoter.options.levelLabel")}
                {...field}
                disabled={!product}
                error={!!text(at("level"))}
                helperText={text(at("level")) ?? (product ? undefined : t("quoter.options.chooseProductFirst"))}
                // The hint says why the field waits: it keeps a readable colour while the field is disabled.
                slotProps={{ formHelperText: { sx: { "&.Mui-disabled": { color: "text.secondary" } } } }}
                fullWidth
              >
                {(product?.rules.levels ?? []).map((level) => (
                  <MenuItem key={level.key} value={level.key}>
                    {inLanguage(level.name, i18n.language)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          {product && product.rules.addOns.length > 0 ? (
            <Controller
              control={form.control}
              name={`options.${index}.addOns`}
              render={({ field }) => (
                <CheckboxChoices
                  legend={t("quoter.options.addOnsLabel")}
                  options={product.rules.addOns.map((addOn) => ({ value: addOn.key, label: inLanguage(addOn.name, i18n.language) }))}
                  value={field.value}
                  onChange={field.onChange}
                  error={text(at("addOns"))}
                />
              )}
            />
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** One input per rating factor the chosen products ask about: a whole number for a band table (its range as hint), a choice otherwise. */
export function AnswerField({ form, factor, text }: { form: UseFormReturn<QuoteFormValues>; factor: RatingFactor; text: FieldText }) {
  const { t, i18n } = useTranslation();
  const path = `answers.${factor.key}` as const;
  const label = inLanguage(factor.name, i18n.language);
  if (factor.kind === "choice") {
    return (
      <Controller
        control={form.control}
        name={path}
        render={({ field }) => (
          <TextField select required label={label} {...field} value={field.value ?? ""} error={!!text(path)} helperText={text(path)} fullWidth>
            {factor.options.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {inLanguage(option.name, i18n.language)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    );
  }
  const range = bandRange(factor);
  return (
    <TextField
      required
      label={label}
      {...form.register(path)}
      error={!!text(path)}
      helperText={text(path) ?? (range ? t("quoter.panel.range", range) : undefined)}
      slotProps={{ htmlInput: { inputMode: "numeric", autoComplete: "off" } }}
      fullWidth
    />
  );
}
