import { type DiscountInput, discountInputSchema, type ShopDiscount, type ShopStore } from "@clinic/shared";
import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Stack, TextField } from "@mui/material";
import { useEffect, useId, useMemo } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DateTimeField } from "../../../lib/components/DateTimeField.tsx";
import { FormDialog } from "../../../lib/components/FormDialog.tsx";
import { SwitchField } from "../../../lib/components/SwitchField.tsx";
import { createDiscount, EVERY_MANAGE_LIST, updateDiscount } from "./api.ts";
import { discountBody, discountPlacement, type DiscountValues, discountValues } from "./discount-form.ts";
import { DiscountTargets } from "./DiscountTargets.tsx";
import { useDialogSave, useFieldText } from "./forms.ts";
import { convertingResolver } from "../../../lib/forms.ts";
import { MoneyField, PercentField } from "../../../lib/components/MoneyField.tsx";

/** Create a discount, or edit `discount`: a code or automatic, how much, when, for what and how often. */
export function DiscountDialog({ store, discount, open, onClose }: { store: ShopStore; discount: ShopDiscount | null; open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const kindId = useId();
  const texts = useMemo(
    () => ({
      money: t("shopManage.money.invalid"),
      percent: t("shopManage.money.percent"),
      whole: t("shopManage.money.wholePositive"),
      instant: t("shopManage.discounts.instant"),
    }),
    [t],
  );
  const resolver = useMemo(
    () => convertingResolver<DiscountValues, DiscountInput>(discountInputSchema, (values) => discountBody(values, store.currency, texts)),
    [store.currency, texts],
  );
  const form = useForm<DiscountValues>({ defaultValues: discountValues(null, store.currency, i18n.language), resolver });
  const { reset } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts again when the dialog opens, not on a language switch.
  useEffect(() => {
    if (open) reset(discountValues(discount, store.currency, i18n.language));
  }, [open, discount, reset, store.currency]);
  const saving = useDialogSave((input: DiscountInput) => (discount ? updateDiscount(discount.id, input) : createDiscount(store.id, input)), {
    form,
    session: open && (discount?.id ?? "new"),
    place: discountPlacement,
    invalidate: [...EVERY_MANAGE_LIST],
    success: (saved) => t(discount ? "shopManage.discounts.updated" : "shopManage.discounts.created", { name: saved.title }),
    onSaved: () => onClose(),
  });
  const text = useFieldText(form);
  const automatic = form.watch("automatic");
  const kind = form.watch("kind");
  const time = (name: "startsAt" | "endsAt", label: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <DateTimeField
          label={label}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={!!text(name)}
          helperText={text(name) ?? t("shopManage.discounts.timeHint")}
          sx={{ flex: 1 }}
        />
      )}
    />
  );
  const count = (name: "usageLimit" | "perCustomerLimit", label: string) => (
    <TextField
      label={label}
      {...form.register(name)}
      error={!!text(name)}
      helperText={text(name) ?? t("shopManage.discounts.noLimitHint")}
      slotProps={{ htmlInput: { inputMode: "numeric", autoComplete: "off" } }}
      sx={{ flex: 1 }}
    />
  );
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={discount ? t("shopManage.discounts.edit") : t("shopManage.discounts.add")}
      onSubmit={form.handleSubmit((values) => saving.save(discountBody(values, store.currency, texts).payload))}
      pending={saving.pending}
      problem={saving.problem}
      maxWidth="md"
      phoneFullScreen
    >
      <TextField
        label={t("shopManage.discounts.titleField")}
        required
        {...form.register("title")}
        error={!!text("title")}
        helperText={text("title") ?? t("shopManage.discounts.titleHint")}
        slotProps={{ htmlInput: { maxLength: 120 } }}
      />
      <SwitchField control={form.control} name="automatic" label={t("shopManage.discounts.automatic")} hint={t("shopManage.discounts.automaticHint")} />
      {automatic ? null : (
        <TextField
          label={t("shopManage.discounts.code")}
          required
          {...form.register("code")}
          error={!!text("code")}
          helperText={text("code") ?? t("shopManage.discounts.codeHint")}
          slotProps={{ htmlInput: { maxLength: 32, autoComplete: "off", autoCapitalize: "characters", style: { textTransform: "uppercase" } } }}
        />
      )}
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "flex-start" } }}>
        <Controller
          name="kind"
          control={form.control}
          render={({ field }) => (
            <FormControl sx={{ flex: 1 }}>
              <FormLabel id={kindId}>{t("shopManage.discounts.kind")}</FormLabel>
              <RadioGroup row aria-labelledby={kindId} value={field.value} onChange={(event) => field.onChange(event.target.value)}>
                <FormControlLabel value="percent" control={<Radio />} label={t("shopManage.discounts.percent")} />
                <FormControlLabel value="fixed" control={<Radio />} label={t("shopManage.discounts.fixed")} />
              </RadioGroup>
            </FormControl>
          )}
        />
        {kind === "percent" ? (
          <PercentField
            label={t("shopManage.discounts.value")}
            required
            {...form.register("value")}
            error={!!text("value")}
            helperText={text("value") ?? t("shopManage.discounts.percentHint")}
            sx={{ flex: 1 }}
          />
        ) : (
          <MoneyField
            currency={store.currency}
            label={t("shopManage.discounts.value")}
            required
            {...form.register("value")}
            error={!!text("value")}
            helperText={text("value")}
            sx={{ flex: 1 }}
          />
        )}
      </Stack>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        {time("startsAt", t("shopManage.discounts.startsAt"))}
        {time("endsAt", t("shopManage.discounts.endsAt"))}
      </Stack>
      <MoneyField
        currency={store.currency}
        label={t("shopManage.discounts.minOrder")}
        {...form.register("minOrderCents")}
        error={!!text("minOrderCents")}
        helperText={text("minOrderCents") ?? t("shopManage.discounts.minOrderHint")}
      />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        {count("usageLimit", t("shopManage.discounts.usageLimit"))}
        {count("perCustomerLimit", t("shopManage.discounts.perCustomerLimit"))}
      </Stack>
      <DiscountTargets form={form} store={store} />
      <SwitchField control={form.control} name="combinable" label={t("shopManage.discounts.combinable")} hint={t("shopManage.discounts.combinableHint")} />
      <SwitchField control={form.control} name="active" label={t("shopManage.discounts.active")} hint={t("shopManage.discounts.activeHint")} />
    </FormDialog>
  );
}
