import { type BundleInput, bundleInputSchema, type ShopBundle, type ShopStore } from "@clinic/shared";
import { Stack, TextField } from "@mui/material";
import { useEffect, useMemo } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../lib/components/FormDialog.tsx";
import { RichTextField } from "../../../lib/components/RichTextField.tsx";
import { SwitchField } from "../../../lib/components/SwitchField.tsx";
import { createBundle, EVERY_MANAGE_LIST, shopFieldMessage, updateBundle } from "./api.ts";
import { bundleBody, bundlePlacement, type BundleValues, bundleValues } from "./bundle-form.ts";
import { BundleItems } from "./BundleItems.tsx";
import { useDialogSave, useFieldText } from "./forms.ts";
import { convertingResolver } from "../../../lib/forms.ts";
import { MoneyField } from "../../../lib/components/MoneyField.tsx";

/** Create a bundle, or edit `bundle`: its name, description, own price, whether it sells, and its parts. */
export function BundleDialog({ store, bundle, open, onClose }: { store: ShopStore; bundle: ShopBundle | null; open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const texts = useMemo(() => ({ money: t("shopManage.money.invalid"), whole: t("shopManage.money.wholePositive") }), [t]);
  const resolver = useMemo(
    () => convertingResolver<BundleValues, BundleInput>(bundleInputSchema, (values) => bundleBody(values, store.currency, texts)),
    [store.currency, texts],
  );
  const form = useForm<BundleValues>({ defaultValues: bundleValues(null, store.currency, i18n.language), resolver });
  const { reset } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts again when the dialog opens, not on a language switch.
  useEffect(() => {
    if (open) reset(bundleValues(bundle, store.currency, i18n.language));
  }, [open, bundle, reset, store.currency]);
  const saving = useDialogSave((input: BundleInput) => (bundle ? updateBundle(bundle.id, input) : createBundle(store.id, input)), {
    form,
    session: open && (bundle?.id ?? "new"),
    place: bundlePlacement,
    invalidate: [...EVERY_MANAGE_LIST],
    success: (saved) => t(bundle ? "shopManage.bundles.updated" : "shopManage.bundles.created", { name: saved.name }),
    onSaved: () => onClose(),
  });
  const text = useFieldText(form);
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={bundle ? t("shopManage.bundles.edit") : t("shopManage.bundles.add")}
      onSubmit={form.handleSubmit((values) => saving.save(bundleBody(values, store.currency, texts).payload))}
      pending={saving.pending}
      problem={saving.problem}
      maxWidth="md"
      phoneFullScreen
    >
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <TextField
          label={t("shopManage.name")}
          required
          {...form.register("name")}
          error={!!text("name")}
          helperText={text("name")}
          slotProps={{ htmlInput: { maxLength: 200 } }}
          sx={{ flex: 2 }}
        />
        <MoneyField
          currency={store.currency}
          label={t("shopManage.bundles.price")}
          required
          {...form.register("priceCents")}
          error={!!text("priceCents")}
          helperText={text("priceCents") ?? t("shopManage.bundles.priceHint")}
          sx={{ flex: 1 }}
        />
      </Stack>
      <SwitchField control={form.control} name="active" label={t("shopManage.products.onSale")} hint={t("shopManage.bundles.onSaleHint")} />
      <RichTextField
        control={form.control}
        name="description"
        label={t("shopManage.description")}
        max={5000}
        minHeight={80}
        translateError={(message) => shopFieldMessage(t, message) ?? message}
      />
      <BundleItems form={form} store={store} />
    </FormDialog>
  );
}
