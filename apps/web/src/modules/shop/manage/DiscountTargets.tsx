import type { ShopBundle, ShopProductRow, ShopStore } from "@clinic/shared";
import { Autocomplete, Box, FormHelperText, Stack, TextField, Typography } from "@mui/material";
import { Controller, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ChosenChips } from "../../../lib/components/ChoiceChips.tsx";
import { SearchPicker } from "../../../lib/components/SearchPicker.tsx";
import { useResource } from "../../../lib/resource.ts";
import { BUNDLES_KEY, bundlesPath, productsPath, SHOP_MANAGE_KEY } from "./api.ts";
import type { Chosen, DiscountValues } from "./discount-form.ts";
import { useFieldText } from "./forms.ts";
import { useCategories } from "./StoreScope.tsx";

/** Several of a short list (the store's bundles or categories), as chips in one box. */
function ManyOf({
  label,
  options,
  value,
  onChange,
  error,
}: {
  label: string;
  options: Chosen[];
  value: Chosen[];
  onChange: (next: Chosen[]) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <Autocomplete
      multiple
      options={options}
      value={value}
      onChange={(_, next) => onChange(next)}
      isOptionEqualToValue={(option, picked) => option.id === picked.id}
      noOptionsText={t("shopManage.discounts.nothingToPick")}
      renderInput={(params) => <TextField {...params} label={label} error={!!error} helperText={error} />}
    />
  );
}

/**
 * What a discount applies to: products (searched, as a store can hold many), bundles and
 * categories of the store. None chosen: the whole order. Whoever manages discounts reads all
 * three lists (the server lets them, and writes nothing for them there).
 */
export function DiscountTargets({ form, store }: { form: UseFormReturn<DiscountValues>; store: ShopStore }) {
  const { t } = useTranslation();
  const text = useFieldText(form);
  const bundles = useResource<ShopBundle[]>([...BUNDLES_KEY, store.id], bundlesPath(store.id));
  const categories = useCategories(store.id);
  const remove = (name: string) => t("shopManage.discounts.removeTarget", { name });
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t("shopManage.discounts.appliesTo")}
      </Typography>
      <FormHelperText sx={{ mt: 0, mb: 1.5 }}>{t("shopManage.discounts.appliesHint")}</FormHelperText>
      <Stack spacing={2}>
        <Controller
          name="productIds"
          control={form.control}
          render={({ field }) => (
            <Box>
              <SearchPicker<ShopProductRow>
                path={`${productsPath(store.id)}?rowsPerPage=20`}
                queryKey={[SHOP_MANAGE_KEY, "product-picker", store.id]}
                toOption={(product) => ({ id: String(product.id), label: product.name })}
                value={null}
                onChange={(product) => {
                  if (product && !field.value.some((one) => one.id === product.id)) field.onChange([...field.value, product]);
                }}
                label={t("shopManage.discounts.addProduct")}
                noOptionsText={t("shopManage.discounts.nothingToPick")}
                error={text("productIds")}
              />
              <ChosenChips value={field.value} onChange={field.onChange} removeLabel={remove} />
            </Box>
          )}
        />
        <Controller
          name="bundleIds"
          control={form.control}
          render={({ field }) => (
            <ManyOf
              label={t("shopManage.discounts.bundles")}
              options={(bundles.data ?? []).map((bundle) => ({ id: String(bundle.id), label: bundle.name }))}
              value={field.value}
              onChange={field.onChange}
              error={text("bundleIds")}
            />
          )}
        />
        <Controller
          name="categoryIds"
          control={form.control}
          render={({ field }) => (
            <ManyOf
              label={t("shopManage.discounts.categories")}
              options={(categories.data ?? []).map((category) => ({ id: String(category.id), label: category.name }))}
              value={field.value}
              onChange={field.onChange}
              error={text("categoryIds")}
            />
          )}
        />
      </Stack>
    </Box>
  );
}
