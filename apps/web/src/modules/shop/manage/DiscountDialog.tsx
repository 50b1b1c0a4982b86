import { type DiscountInput, discountInputSchema, type ShopDiscount, type ShopStore } from "@clinic/shared";
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  TextField,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import { useEffect, useId, useMemo } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { createDiscount, EVERY_MANAGE_LIST, updateDiscount } from "./api.ts";
import { discountBody, discountPlacement, type DiscountValues, discountValues } from "./discount-form.ts";
import { DiscountTargets } from "./DiscountTargets.tsx";
import { convertingResolver, DIALOG_FORM, useDialogSave, useFieldText } from "./forms.ts";
import { MoneyField, PercentField } from "./MoneyField.tsx";

function Toggle({
  form,
  name,
  label,
  hint,
}: {
  form: ReturnType<typeof useForm<DiscountValues>>;
  name: "automatic" | "combinable" | "active";
  label: string;
  hint: string;
}) {
  return (
    <Controller
      name={name}
      control={form.control}
      render={({ field }) => (
        <div>
          <FormControlLabel control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />} label={label} />
          <FormHelperText sx={{ mt: 0 }}>{hint}</FormHelperText>
        </div>
      )}
    />
  );
}

/** Create a discount, or edit `discount`: a code or automatic, how much, when, for what and how often. */
export function DiscountDialog({ store, discount, open, onClose }: { store: ShopStore; discount: ShopDiscount | null; open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("sm"));
  const titleId = useId();
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
    <TextField
      type="datetime-local"
      label={label}
      {...form.register(name)}
      error={!!text(name)}
      helperText={text(name) ?? t("shopManage.discounts.timeHint")}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ flex: 1 }}
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
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={phone}>
      <form noValidate style={DIALOG_FORM} onSubmit={form.handleSubmit((values) => saving.save(discountBody(values, store.currency, texts).payload))}>
        <DialogTitle id={titleId}>{discount ? t("shopManage.discounts.edit") : t("shopManage.discounts.add")}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {saving.problem ? <Alert severity="error">{saving.problem}</Alert> : null}
            <TextField
              label={t("shopManage.discounts.titleField")}
              required
              {...form.register("title")}
              error={!!text("title")}
              helperText={text("title") ?? t("shopManage.discounts.titleHint")}
              slotProps={{ htmlInput: { maxLength: 120 } }}
            />
            <Toggle form={form} name="automatic" label={t("shopManage.discounts.automatic")} hint={t("shopManage.discounts.automaticHint")} />
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
                    <FormLabel id={`${titleId}-kind`}>{t("shopManage.discounts.kind")}</FormLabel>
                    <RadioGroup row aria-labelledby={`${titleId}-kind`} value={field.value} onChange={(event) => field.onChange(event.target.value)}>
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
            <Toggle form={form} name="combinable" label={t("shopManage.discounts.combinable")} hint={t("shopManage.discounts.combinableHint")} />
            <Toggle form={form} name="active" label={t("shopManage.discounts.active")} hint={t("shopManage.discounts.activeHint")} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={saving.pending}>
            {t("common.save")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
