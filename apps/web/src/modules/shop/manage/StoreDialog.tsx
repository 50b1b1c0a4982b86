import { type ShopStore, type StoreInput, storeInputSchema } from "@clinic/shared";
import { Stack, TextField } from "@mui/material";
import { useEffect, useMemo } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../lib/components/FormDialog.tsx";
import { ImageUpload } from "../../../lib/components/ImageUpload.tsx";
import { SwitchField } from "../../../lib/components/SwitchField.tsx";
import { useSignedIn } from "../../../lib/session.ts";
import { ClinicPicker } from "../../people/Pickers.tsx";
import { createStore, EVERY_MANAGE_LIST, updateStore } from "./api.ts";
import { placeIn, useDialogSave, useFieldText } from "./forms.ts";
import { type Converted, convertingResolver, type PathErrors } from "../../../lib/forms.ts";
import { MoneyField, PercentField } from "../../../lib/components/MoneyField.tsx";
import { bpToPercentText, centsToText, parseMoney, percentToBp } from "../../../lib/money.ts";

export interface StoreValues {
  name: string;
  currency: string;
  address: string;
  /** A percentage as typed. */
  taxRateBp: string;
  /** An amount as typed. */
  shippingCents: string;
  open: boolean;
  logoUploadId: { id: string; url: string } | null;
  clinicId: { id: string; label: string } | null;
}
const SHOWN = ["name", "currency", "address", "taxRateBp", "shippingCents", "open", "logoUploadId", "clinicId"];

function initial(store: ShopStore | null, language: string): StoreValues {
  const currency = store?.currency ?? "EUR";
  return {
    name: store?.name ?? "",
    currency,
    address: store?.address ?? "",
    taxRateBp: store ? bpToPercentText(store.taxRateBp, language) : "0",
    shippingCents: store ? centsToText(store.shippingCents, currency, language) : centsToText(0, currency, language),
    open: store?.open ?? false,
    logoUploadId: store?.logoUploadId && store.logoUrl ? { id: store.logoUploadId, url: store.logoUrl } : null,
    clinicId: store ? { id: store.clinic.id, label: store.clinic.name } : null,
  };
}

/** The form's text read into the API's body; what cannot be read is said in `t`'s language. */
export function storeBody(values: StoreValues, t: (key: string) => string, isAdmin: boolean): Converted<StoreInput> {
  const errors: PathErrors = {};
  const taxRateBp = percentToBp(values.taxRateBp);
  if (taxRateBp === null || taxRateBp > 10_000) errors.taxRateBp = t("shopManage.money.percentRange");
  const currency = values.currency.trim().toUpperCase();
  const shippingCents = parseMoney(values.shippingCents, currency);
  if (shippingCents === null) errors.shippingCents = t("shopManage.money.invalid");
  // Administrators run every clinic's shop: a store of theirs must say whose it is.
  if (isAdmin && !values.clinicId) errors.clinicId = t("shopManage.stores.clinicNeeded");
  return {
    payload: {
      name: values.name,
      currency,
      address: values.address,
      taxRateBp: taxRateBp ?? 0,
      shippingCents: shippingCents ?? 0,
      open: values.open,
      logoUploadId: values.logoUploadId?.id ?? null,
      ...(isAdmin && values.clinicId ? { clinicId: values.clinicId.id } : {}),
    },
    errors,
  };
}

/** Create a store, or edit `store`: its name, logo, currency, address, tax, flat shipping and whether it sells. */
export function StoreDialog({ open, store, onClose }: { open: boolean; store: ShopStore | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const session = useSignedIn();
  const resolver = useMemo(
    () => convertingResolver<StoreValues, StoreInput>(storeInputSchema, (values) => storeBody(values, t, session.isAdmin)),
    [t, session.isAdmin],
  );
  const form = useForm<StoreValues>({ defaultValues: initial(store, i18n.language), resolver });
  const { reset } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts again when the dialog opens, not on a language switch.
  useEffect(() => {
    if (open) reset(initial(store, i18n.language));
  }, [open, store, reset]);
  const saving = useDialogSave((input: StoreInput) => (store ? updateStore(store.id, input) : createStore(input)), {
    form,
    session: open && (store?.id ?? "new"),
    place: placeIn(SHOWN),
    invalidate: [...EVERY_MANAGE_LIST],
    success: (saved) => t(store ? "shopManage.stores.updated" : "shopManage.stores.created", { name: saved.name }),
    onSaved: () => onClose(),
  });
  const text = useFieldText(form);
  const errors = form.formState.errors;
  const currency = form.watch("currency");
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={store ? t("shopManage.stores.edit") : t("shopManage.stores.add")}
      onSubmit={form.handleSubmit((values) => saving.save(storeBody(values, t, session.isAdmin).payload))}
      pending={saving.pending}
      problem={saving.problem}
      phoneFullScreen
    >
      {session.isAdmin ? (
        store ? (
          <TextField label={t("shopManage.stores.clinic")} value={store.clinic.name} slotProps={{ input: { readOnly: true } }} />
        ) : (
          <Controller
            name="clinicId"
            control={form.control}
            render={({ field }) => (
              <ClinicPicker label={t("shopManage.stores.clinic")} required value={field.value} onChange={field.onChange} error={text("clinicId")} />
            )}
          />
        )
      ) : null}
      <TextField
        label={t("shopManage.name")}
        required
        {...form.register("name")}
        error={!!errors.name}
        helperText={text("name")}
        slotProps={{ htmlInput: { maxLength: 120 } }}
      />
      <Controller
        name="logoUploadId"
        control={form.control}
        render={({ field }) => (
          <ImageUpload label={t("shopManage.stores.logo")} url={field.value?.url ?? null} onChange={field.onChange} error={text("logoUploadId")} />
        )}
      />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <TextField
          label={t("shopManage.stores.currency")}
          required
          {...form.register("currency")}
          error={!!errors.currency}
          helperText={text("currency") ?? t("shopManage.stores.currencyHint")}
          slotProps={{ htmlInput: { maxLength: 3, autoCapitalize: "characters", style: { textTransform: "uppercase" } } }}
          sx={{ flex: 1 }}
        />
        <PercentField
          label={t("shopManage.stores.taxRate")}
          required
          {...form.register("taxRateBp")}
          error={!!errors.taxRateBp}
          helperText={text("taxRateBp") ?? t("shopManage.stores.taxRateHint")}
          sx={{ flex: 1 }}
        />
      </Stack>
      <MoneyField
        currency={/^[A-Za-z]{3}$/.test(currency) ? currency.toUpperCase() : "EUR"}
        label={t("shopManage.stores.shipping")}
        required
        {...form.register("shippingCents")}
        error={!!errors.shippingCents}
        helperText={text("shippingCents") ?? t("shopManage.stores.shippingHint")}
      />
      <TextField
        label={t("shopManage.stores.address")}
        multiline
        minRows={2}
        {...form.register("address")}
        error={!!errors.address}
        helperText={text("address") ?? t("shopManage.stores.addressHint")}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
      <SwitchField control={form.control} name="open" label={t("shopManage.stores.openLabel")} hint={t("shopManage.stores.openHint")} />
    </FormDialog>
  );
}
