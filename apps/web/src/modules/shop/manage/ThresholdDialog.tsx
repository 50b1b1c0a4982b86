import { type InventoryRow, thresholdInputSchema } from "@clinic/shared";
import { TextField } from "@mui/material";
import { useEffect, useMemo } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../lib/components/FormDialog.tsx";
import { variantLabel } from "./AdjustDialog.tsx";
import { EVERY_MANAGE_LIST, setThreshold } from "./api.ts";
import { placeIn, useDialogSave, useFieldText } from "./forms.ts";
import { type Converted, convertingResolver, type PathErrors } from "../../../lib/forms.ts";
import { parseWhole } from "../../../lib/money.ts";

interface Values {
  lowStockThreshold: string;
}

/** The stock at or under which a variant counts as low (the low-stock filter, the warning). */
export function ThresholdDialog({ row, onClose }: { row: InventoryRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const whole = t("shopManage.money.whole");
  const read = useMemo(
    () =>
      (values: Values): Converted<{ lowStockThreshold: number }> => {
        const value = parseWhole(values.lowStockThreshold);
        const errors: PathErrors = value === null ? { lowStockThreshold: whole } : {};
        return { payload: { lowStockThreshold: value ?? 0 }, errors };
      },
    [whole],
  );
  const resolver = useMemo(() => convertingResolver<Values, { lowStockThreshold: number }>(thresholdInputSchema, read), [read]);
  const form = useForm<Values>({ defaultValues: { lowStockThreshold: "0" }, resolver });
  const { reset } = form;
  useEffect(() => {
    if (row) reset({ lowStockThreshold: String(row.lowStockThreshold) });
  }, [row, reset]);
  const saving = useDialogSave((input: { lowStockThreshold: number }) => setThreshold(row?.variantId ?? 0, input.lowStockThreshold), {
    form,
    session: row?.variantId ?? false,
    place: placeIn(["lowStockThreshold"]),
    invalidate: [...EVERY_MANAGE_LIST],
    success: (saved) => t("shopManage.inventory.thresholdSaved", { name: saved.sku, count: saved.lowStockThreshold }),
    onSaved: () => onClose(),
  });
  const text = useFieldText(form);
  return (
    <FormDialog
      open={row !== null}
      onClose={onClose}
      title={t("shopManage.inventory.thresholdTitle")}
      text={row ? t("shopManage.inventory.thresholdText", { name: variantLabel(row), sku: row.sku }) : ""}
      onSubmit={form.handleSubmit((values) => saving.save(read(values).payload))}
      pending={saving.pending}
      problem={saving.problem}
      maxWidth="xs"
    >
      <TextField
        label={t("shopManage.variants.threshold")}
        required
        fullWidth
        autoFocus
        {...form.register("lowStockThreshold")}
        error={!!text("lowStockThreshold")}
        helperText={text("lowStockThreshold") ?? t("shopManage.inventory.thresholdHint")}
        slotProps={{ htmlInput: { inputMode: "numeric", autoComplete: "off" } }}
      />
    </FormDialog>
  );
}
