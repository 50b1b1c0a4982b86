import { INSURANCE_LIMITS, type InsuranceProductDetail } from "@clinic/shared";
import { Alert, MenuItem, Stack, TextField } from "@mui/material";
import { Controller } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { BilingualTextFields, EditorSection as Section } from "../../../lib/components/EditorSection.tsx";
import { FormDialog } from "../../../lib/components/FormDialog.tsx";
import { useEditorDialog } from "../../../lib/editor-dialog.ts";
import { addVersion, createProduct, EVERY_QUOTE_LIST, updateProduct } from "./api.ts";
import { FactorsEditor } from "./FactorsEditor.tsx";
import { fieldMessage, quoterMessage } from "./format.ts";
import { type ProductFormValues, productBody, productFormValues, productPlacement, productResolver, QUOTER_CURRENCIES, rulesChanged } from "./product-form.ts";
import { AddOnsEditor, CoverageEditor, LevelsEditor, PricingEditor } from "./RulesEditor.tsx";
import { VersionsList } from "./VersionsList.tsx";

/**
 * Add an insurance product, or change `product`: code, names and descriptions in both languages,
 * currency, and its rating rules (coverage, levels, base premium, factor tables, add-ons, minimum
 * and rounding). Rules are never rewritten: saving changed rules makes a new version, current from
 * then on, while quotes keep the version they were rated with; the dialog says so and lists the
 * versions. A 400's messages land on their row's field (`rules.factors.0.bands.2.from`).
 */
export function ProductDialog(props: {
  open: boolean;
  product: InsuranceProductDetail | null;
  onClose: () => void;
  onSaved?: (product: InsuranceProductDetail) => void;
}) {
  const { open, product, onClose, onSaved } = props;
  const { t, i18n } = useTranslation();
  const texts = () => ({ money: t("quoter.editor.errors.money"), whole: t("quoter.editor.errors.whole"), factor: t("quoter.editor.errors.factor") });
  const { form, text, dialog } = useEditorDialog({
    open,
    record: product,
    onClose,
    onSaved,
    values: (record) => productFormValues(record, i18n.language),
    resolver: () => productResolver(texts),
    save: async (values: ProductFormValues) => {
      const body = productBody(values, texts()).payload;
      if (!product) return createProduct(body);
      let saved = await updateProduct(product.id, { name: body.name, description: body.description, state: values.state });
      if (rulesChanged(body.rules, product.rules)) saved = await addVersion(product.id, { rules: body.rules, note: body.note });
      return saved;
    },
    invalidate: EVERY_QUOTE_LIST,
    success: (saved) =>
      product
        ? saved.currentVersion !== product.currentVersion
          ? t("quoter.notices.versionSaved", { version: saved.currentVersion })
          : t("quoter.notices.productSaved")
        : t("quoter.notices.productCreated"),
    place: productPlacement,
    fieldMessage,
    refusalMessage: quoterMessage,
    checkFields: t("quoter.editor.checkFields"),
  });
  const currency = form.watch("currency");
  return (
    <FormDialog {...dialog} title={product ? t("quoter.editor.edit", { code: product.code }) : t("quoter.editor.add")} maxWidth="md" phoneFullScreen>
      {product ? (
        <Alert severity="info">{t("quoter.editor.versionNotice", { version: product.currentVersion, next: product.currentVersion + 1 })}</Alert>
      ) : null}
      <Section title={t("quoter.editor.about")}>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <TextField
            label={t("quoter.fields.code")}
            required
            {...form.register("code")}
            error={!!text("code")}
            helperText={text("code") ?? (product ? t("quoter.editor.codeFixed") : t("quoter.editor.codeHint"))}
            // Read-only, not disabled: a disabled field would leave the body without its code.
            slotProps={{ htmlInput: { maxLength: INSURANCE_LIMITS.code, autoComplete: "off", spellCheck: false, readOnly: product !== null } }}
            fullWidth
          />
          <Controller
            control={form.control}
            name="currency"
            render={({ field }) => (
              <TextField
                select
                label={t("quoter.fields.currency")}
                {...field}
                disabled={product !== null}
                error={!!text("currency")}
                helperText={text("currency") ?? (product ? t("quoter.editor.currencyFixed") : undefined)}
                fullWidth
              >
                {[...new Set([...QUOTER_CURRENCIES, field.value])].map((code) => (
                  <MenuItem key={code} value={code}>
                    {code}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          {product ? (
            <Controller
              control={form.control}
              name="state"
              render={({ field }) => (
                <TextField select label={t("quoter.fields.state")} {...field} helperText={t(`quoter.editor.stateHint.${field.value}`)} fullWidth>
                  <MenuItem value="active">{t("quoter.productStates.active")}</MenuItem>
                  <MenuItem value="archived">{t("quoter.productStates.archived")}</MenuItem>
                </TextField>
              )}
            />
          ) : null}
        </Stack>
        <BilingualTextFields
          labels={{ en: t("quoter.fields.nameEn"), es: t("quoter.fields.nameEs") }}
          register={(language) => form.register(`name.${language}`)}
          errors={{ en: text("name.en"), es: text("name.es") }}
          maxLength={INSURANCE_LIMITS.name}
        />
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          {(["en", "es"] as const).map((language) => (
            <TextField
              key={language}
              label={t(`quoter.fields.description${language === "en" ? "En" : "Es"}`)}
              multiline
              minRows={2}
              fullWidth
              {...form.register(`description.${language}`)}
              error={!!text(`description.${language}`)}
              helperText={text(`description.${language}`)}
              slotProps={{ htmlInput: { maxLength: INSURANCE_LIMITS.description } }}
            />
          ))}
        </Stack>
      </Section>
      <CoverageEditor form={form} currency={currency} text={text} />
      <LevelsEditor form={form} text={text} />
      <PricingEditor form={form} currency={currency} text={text} />
      <FactorsEditor form={form} text={text} />
      <AddOnsEditor form={form} currency={currency} text={text} />
      <Section title={t("quoter.editor.version")} hint={product ? t("quoter.editor.noteHint") : t("quoter.editor.firstVersion")}>
        <TextField
          label={t("quoter.fields.note")}
          multiline
          minRows={2}
          {...form.register("note")}
          error={!!text("note")}
          helperText={text("note")}
          slotProps={{ htmlInput: { maxLength: INSURANCE_LIMITS.note } }}
          fullWidth
        />
        {product ? <VersionsList versions={product.versions} current={product.currentVersion} productId={product.id} currency={product.currency} /> : null}
      </Section>
    </FormDialog>
  );
}
