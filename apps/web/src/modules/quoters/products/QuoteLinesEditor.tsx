import { PRODUCT_QUOTE_LIMITS, type ProductQuoteCatalogueItem } from "@clinic/shared";
import { Stack, TextField, ToggleButton, ToggleButtonGroup } from "@mui/material";
import { type UseFormReturn, useFieldArray } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { EditorRowCard, EditorRowsFooter, EditorSection as Section, type FieldText } from "../../../lib/components/EditorSection.tsx";
import { MoneyField } from "../../../lib/components/MoneyField.tsx";
import { bpToPercentText, formatMoney } from "../../../lib/money.ts";
import { CataloguePicker } from "./CataloguePicker.tsx";
import { newLineRow, pickedLine, type QuoteFormValues, type QuoteLineRow } from "./quote-form.ts";

/** The picker's value of a line: its catalogue item once one is picked. */
const itemOf = (line: QuoteLineRow, currency: string): ProductQuoteCatalogueItem | null =>
  line.kind !== "free" && line.refId !== null
    ? { kind: line.kind, refId: line.refId, description: line.itemLabel, unitCents: 0, currency: line.itemCurrency || currency, taxRateBp: null }
    : null;

/**
 * The quote's lines, a card each: an item of the clinic's catalogue (its description and price
 * fill in, both may be changed) or a free line typed in full; quantity, unit price and the
 * line's discount, with the line's amount as typed. There is always at least one line.
 */
export function QuoteLinesEditor({
  form,
  text,
  clinicId,
  clinicMissing,
  lineTotals,
}: {
  form: UseFormReturn<QuoteFormValues>;
  text: FieldText;
  clinicId: string | null;
  clinicMissing: boolean;
  lineTotals: number[];
}) {
  const { t, i18n } = useTranslation();
  const { fields, append, remove, update } = useFieldArray({ control: form.control, name: "lines", keyName: "key" });
  const currency = form.watch("currency");
  const lines = form.watch("lines");
  const money = (cents: number) => formatMoney(cents, currency, i18n.language);

  return (
    <Section title={t("productQuoter.editor.lines")} hint={t("productQuoter.editor.linesHint")}>
      {fields.map((field, index) => {
        const row = index + 1;
        const line = lines[index] ?? field;
        const at = (column: string) => `lines.${index}.${column}` as const;
        const free = line.kind === "free";
        const foreign = !free && line.itemCurrency !== "" && line.itemCurrency !== currency;
        const setLine = (next: QuoteLineRow) => {
          update(index, next);
          form.clearErrors(`lines.${index}`);
        };
        return (
          <EditorRowCard
            key={field.key}
            title={t("productQuoter.editor.line", { row })}
            note={lineTotals[index] !== undefined ? money(lineTotals[index] ?? 0) : undefined}
            removeLabel={t("productQuoter.editor.removeLine", { row })}
            onRemove={() => remove(index)}
            removeDisabled={fields.length <= 1}
          >
            <ToggleButtonGroup
              exclusive
              size="small"
              value={free ? "free" : "catalogue"}
              aria-label={t("productQuoter.editor.lineKind", { row })}
              onChange={(_, next: "free" | "catalogue" | null) => {
                if (next && (next === "free") !== free) setLine({ ...newLineRow(next === "free" ? "free" : "product"), quantity: line.quantity });
              }}
            >
              <ToggleButton value="catalogue">{t("productQuoter.editor.fromCatalogue")}</ToggleButton>
              <ToggleButton value="free">{t("productQuoter.editor.freeLine")}</ToggleButton>
            </ToggleButtonGroup>
            {free ? null : (
              <CataloguePicker
                label={t("productQuoter.fields.item")}
                value={itemOf(line, currency)}
                onChange={(item) => {
                  // The first priced line sets the quote's currency to its catalogue's; later ones are warned about instead.
                  if (item && lines.every((other, at) => at === index || other.unitCents.trim() === "")) form.setValue("currency", item.currency);
                  // A shop item proposes its store's tax rate, which an order made from the quote is taxed at, unless a rate was typed.
                  if (item?.taxRateBp != null && !form.getFieldState("taxRateBp").isDirty)
                    form.setValue("taxRateBp", bpToPercentText(item.taxRateBp, i18n.language));
                  setLine(item ? pickedLine(line, item, i18n.language) : { ...newLineRow(), quantity: line.quantity });
                }}
                clinicId={clinicId}
                disabled={clinicMissing}
                error={text(at("refId")) ?? (foreign ? t("productQuoter.editor.otherCurrency", { currency: line.itemCurrency }) : undefined)}
              />
            )}
            <TextField
              label={t("productQuoter.fields.description")}
              required={free}
              fullWidth
              multiline
              {...form.register(`lines.${index}.description`)}
              error={!!text(at("description"))}
              helperText={text(at("description")) ?? (free ? undefined : t("productQuoter.editor.descriptionHint"))}
              slotProps={{ htmlInput: { maxLength: PRODUCT_QUOTE_LIMITS.description } }}
            />
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              <TextField
                label={t("productQuoter.fields.quantity")}
                required
                fullWidth
                {...form.register(`lines.${index}.quantity`)}
                error={!!text(at("quantity"))}
                helperText={text(at("quantity"))}
                slotProps={{ htmlInput: { inputMode: "numeric", autoComplete: "off" } }}
              />
              <MoneyField
                currency={currency}
                label={t("productQuoter.fields.unitPrice")}
                required={free}
                fullWidth
                {...form.register(`lines.${index}.unitCents`)}
                error={!!text(at("unitCents"))}
                helperText={text(at("unitCents")) ?? (free ? undefined : t("productQuoter.editor.priceHint"))}
              />
              <MoneyField
                currency={currency}
                label={t("productQuoter.fields.lineDiscount")}
                fullWidth
                {...form.register(`lines.${index}.discountCents`)}
                error={!!text(at("discountCents"))}
                helperText={text(at("discountCents"))}
              />
            </Stack>
          </EditorRowCard>
        );
      })}
      <EditorRowsFooter
        error={text("lines")}
        addLabel={t("productQuoter.editor.addLine")}
        onAdd={() => append(newLineRow())}
        addDisabled={fields.length >= PRODUCT_QUOTE_LIMITS.lines}
      />
    </Section>
  );
}
