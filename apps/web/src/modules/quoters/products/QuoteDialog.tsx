import { PRODUCT_QUOTE_LIMITS, type ProductQuoteDetail } from "@clinic/shared";
import { MenuItem, Stack, TextField } from "@mui/material";
import { useState } from "react";
import { Controller } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DateField } from "../../../lib/components/DateField.tsx";
import { EditorSection as Section } from "../../../lib/components/EditorSection.tsx";
import { FormDialog } from "../../../lib/components/FormDialog.tsx";
import { MoneyField, PercentField } from "../../../lib/components/MoneyField.tsx";
import type { PickerOption } from "../../../lib/components/SearchPicker.tsx";
import { useEditorDialog } from "../../../lib/editor-dialog.ts";
import { ClinicPicker } from "../../people/Pickers.tsx";
import { createQuote, EVERY_QUOTE_LIST, updateQuote, useQuoteAbilities } from "./api.ts";
import { ClientFields } from "./ClientFields.tsx";
import { fieldMessage, quoteMessage } from "./format.ts";
import { QuoteTotalsList } from "./public/QuoteParts.tsx";
import { QuoteLinesEditor } from "./QuoteLinesEditor.tsx";
import { CURRENCIES, previewTotals, type QuoteFormValues, quoteBody, quoteFormValues, quotePlacement, quoteResolver } from "./quote-form.ts";

/**
 * Add a quote, or change a draft `quote`: its client, lines (from the catalogue or free),
 * discounts, tax, validity and terms in both languages, with the totals previewed as typed (the
 * server's, from the catalogue's prices, are the truth once saved). A platform admin adding one
 * first names its clinic. A 400's messages land on their fields (`lines.2.discountCents` under
 * that line's discount).
 */
export function QuoteDialog(props: { open: boolean; quote: ProductQuoteDetail | null; onClose: () => void; onSaved?: (quote: ProductQuoteDetail) => void }) {
  const { open, quote, onClose, onSaved } = props;
  const { t, i18n } = useTranslation();
  const abilities = useQuoteAbilities();
  const choosesClinic = !quote && abilities.choosesClinic;
  const [clinic, setClinic] = useState<PickerOption | null>(null);
  const texts = () => ({
    money: t("productQuoter.editor.errors.money"),
    whole: t("productQuoter.editor.errors.whole"),
    percent: t("productQuoter.editor.errors.percent"),
  });
  const { form, text, dialog } = useEditorDialog({
    open,
    record: quote,
    onClose,
    onSaved,
    values: (record) => quoteFormValues(record, i18n.language),
    resolver: () => quoteResolver(texts),
    onOpen: () => setClinic(null),
    save: (values: QuoteFormValues) => {
      const input = quoteBody(values, texts()).payload;
      return quote ? updateQuote(quote.id, input) : createQuote(input, choosesClinic ? clinic?.id : null);
    },
    invalidate: EVERY_QUOTE_LIST,
    success: () => t(quote ? "productQuoter.notices.saved" : "productQuoter.notices.created"),
    place: quotePlacement,
    fieldMessage,
    refusalMessage: quoteMessage,
    checkFields: t("productQuoter.editor.checkFields"),
  });
  // The quote's clinic: its own when changed; a new one's, the staff's own or the one an admin names.
  const clinicId = quote ? (abilities.choosesClinic ? quote.clinic.id : null) : choosesClinic ? (clinic?.id ?? null) : null;
  const clinicMissing = choosesClinic && !clinic;
  const [lines, currency, discountCents, taxRateBp] = form.watch(["lines", "currency", "discountCents", "taxRateBp"]);
  const preview = previewTotals({ lines, currency, discountCents, taxRateBp });
  const termsField = (name: "termsEn" | "termsEs" | "note", label: string, max: number, hint?: string) => (
    <TextField
      label={label}
      multiline
      minRows={name === "note" ? 2 : 3}
      fullWidth
      {...form.register(name)}
      error={!!text(name)}
      helperText={text(name) ?? hint}
      slotProps={{ htmlInput: { maxLength: max } }}
    />
  );
  return (
    <FormDialog
      {...dialog}
      title={quote ? t("productQuoter.editor.edit", { label: quote.label }) : t("productQuoter.editor.add")}
      submitDisabled={clinicMissing}
      maxWidth="md"
      phoneFullScreen
    >
      {choosesClinic ? <ClinicPicker label={t("productQuoter.fields.clinic")} required value={clinic} onChange={setClinic} /> : null}
      <ClientFields form={form} text={text} clinicId={clinicId} clinicMissing={clinicMissing} crm={abilities.crm} />
      <QuoteLinesEditor form={form} text={text} clinicId={clinicId} clinicMissing={clinicMissing} lineTotals={preview.lineTotals} />
      <Section
        title={t("productQuoter.editor.pricing")}
        hint={preview.pending ? t("productQuoter.editor.previewPending") : t("productQuoter.editor.previewHint")}
      >
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <Controller
            control={form.control}
            name="currency"
            render={({ field }) => (
              <TextField select label={t("productQuoter.fields.currency")} {...field} error={!!text("currency")} helperText={text("currency")} fullWidth>
                {[...new Set([...CURRENCIES, field.value])].map((code) => (
                  <MenuItem key={code} value={code}>
                    {code}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <MoneyField
            currency={currency}
            label={t("productQuoter.fields.discount")}
            fullWidth
            {...form.register("discountCents")}
            error={!!text("discountCents")}
            helperText={text("discountCents") ?? t("productQuoter.editor.discountHint")}
          />
          <PercentField
            label={t("productQuoter.fields.taxRate")}
            fullWidth
            {...form.register("taxRateBp")}
            error={!!text("taxRateBp")}
            helperText={text("taxRateBp")}
          />
        </Stack>
        <QuoteTotalsList totals={preview} currency={currency} label={t("productQuoter.editor.previewLabel")} />
      </Section>
      <Section title={t("productQuoter.editor.termsSection")}>
        <Controller
          control={form.control}
          name="validUntil"
          render={({ field }) => (
            <DateField
              label={t("productQuoter.fields.validUntil")}
              required
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={!!text("validUntil")}
              helperText={text("validUntil")}
            />
          )}
        />
        {termsField("termsEn", t("productQuoter.fields.termsEn"), PRODUCT_QUOTE_LIMITS.terms)}
        {termsField("termsEs", t("productQuoter.fields.termsEs"), PRODUCT_QUOTE_LIMITS.terms)}
        {termsField("note", t("productQuoter.fields.note"), PRODUCT_QUOTE_LIMITS.note, t("productQuoter.editor.noteHint"))}
      </Section>
    </FormDialog>
  );
}
