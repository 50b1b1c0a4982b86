import { type InventoryRow, stockAdjustmentSchema } from "@clinic/shared";
import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, TextField, Typography } from "@mui/material";
import { useEffect, useId, useMemo } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../lib/components/FormDialog.tsx";
import { adjustStock, EVERY_MANAGE_LIST } from "./api.ts";
import { placeIn, useDialogSave, useFieldText } from "./forms.ts";
import { type Converted, convertingResolver, type PathErrors } from "../../../lib/forms.ts";
import { parseWhole } from "../../../lib/money.ts";

interface Values {
  direction: "add" | "remove";
  /** How many units, as typed; the sign comes from `direction`. */
  delta: string;
  note: string;
}

type Adjustment = { delta: number; note: string };

/** The form read into the API's body: units added or taken away, and why. */
export function adjustmentBody(values: Values, stock: number, texts: { whole: string; tooMany: string }): Converted<Adjustment> {
  const errors: PathErrors = {};
  const units = parseWhole(values.delta);
  if (units === null) errors.delta = texts.whole;
  else if (values.direction === "remove" && units > stock) errors.delta = texts.tooMany;
  const delta = units === null ? 0 : values.direction === "remove" ? -units : units;
  return { payload: { delta, note: values.note }, errors };
}

/**
 * A counted change of a variant's stock (a delivery, a breakage, a recount), with the reason
 * kept in its history. Taking away more than is left is refused here, and by the server (409)
 * when an order took the units meanwhile.
 */
export function AdjustDialog({ row, onClose }: { row: InventoryRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const directionId = useId();
  const stock = row?.stock ?? 0;
  const texts = useMemo(() => ({ whole: t("shopManage.money.wholePositive"), tooMany: t("shopManage.inventory.tooMany", { count: stock }) }), [t, stock]);
  const resolver = useMemo(
    () => convertingResolver<Values, Adjustment>(stockAdjustmentSchema, (values) => adjustmentBody(values, stock, texts)),
    [stock, texts],
  );
  const form = useForm<Values>({ defaultValues: { direction: "add", delta: "", note: "" }, resolver });
  const { reset } = form;
  // A fresh copy of the same row (the list refetched after a 409) keeps what was typed.
  const variantId = row?.variantId;
  useEffect(() => {
    if (variantId !== undefined) reset({ direction: "add", delta: "", note: "" });
  }, [variantId, reset]);
  const saving = useDialogSave((input: Adjustment) => adjustStock(row?.variantId ?? 0, input), {
    form,
    session: row?.variantId ?? false,
    place: placeIn(["delta", "note"]),
    invalidate: [...EVERY_MANAGE_LIST],
    success: (saved) => t("shopManage.inventory.adjusted", { name: saved.sku, count: saved.stock }),
    conflict: () => t("shopManage.inventory.belowZero"),
    onSaved: () => onClose(),
  });
  const text = useFieldText(form);
  const values = form.watch();
  const units = parseWhole(values.delta);
  const change = units === null || units === 0 ? null : stock + (values.direction === "remove" ? -units : units);
  // Below zero the field already says why; a negative stock is never shown as a result.
  const after = change !== null && change >= 0 ? change : null;
  return (
    <FormDialog
      open={row !== null}
      onClose={onClose}
      title={t("shopManage.inventory.adjustTitle")}
      text={row ? t("shopManage.inventory.adjustText", { name: variantLabel(row), sku: row.sku, count: row.stock }) : ""}
      onSubmit={form.handleSubmit((submitted) => saving.save(adjustmentBody(submitted, stock, texts).payload))}
      pending={saving.pending}
      problem={saving.problem}
      submitLabel={t("shopManage.inventory.save")}
      maxWidth="xs"
    >
      <Controller
        name="direction"
        control={form.control}
        render={({ field }) => (
          <FormControl>
            <FormLabel id={directionId}>{t("shopManage.inventory.direction")}</FormLabel>
            <RadioGroup row aria-labelledby={directionId} value={field.value} onChange={(event) => field.onChange(event.target.value)}>
              <FormControlLabel value="add" control={<Radio />} label={t("shopManage.inventory.add")} />
              <FormControlLabel value="remove" control={<Radio />} label={t("shopManage.inventory.remove")} />
            </RadioGroup>
          </FormControl>
        )}
      />
      <TextField
        label={t("shopManage.inventory.units")}
        required
        autoFocus
        {...form.register("delta")}
        error={!!text("delta")}
        helperText={text("delta")}
        slotProps={{ htmlInput: { inputMode: "numeric", autoComplete: "off" } }}
      />
      <TextField
        label={t("shopManage.inventory.reason")}
        required
        {...form.register("note")}
        error={!!text("note")}
        helperText={text("note") ?? t("shopManage.inventory.reasonHint")}
        slotProps={{ htmlInput: { maxLength: 300 } }}
      />
      <Typography role="status" variant="body2" sx={{ fontWeight: 600 }}>
        {after === null ? "" : t("shopManage.inventory.after", { count: after })}
      </Typography>
    </FormDialog>
  );
}

/** "T-shirt · M", or the product alone when the variant has no name of its own. */
export function variantLabel(row: Pick<InventoryRow, "product" | "name">): string {
  return row.name ? `${row.product} · ${row.name}` : row.product;
}
