import { type InventoryRow, SHOP_BUNDLE_ITEMS_MAX, type ShopStore } from "@clinic/shared";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import { Box, FormHelperText, Stack, TextField, Typography } from "@mui/material";
import { type UseFormReturn, useFieldArray } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { SearchPicker } from "../../../lib/components/SearchPicker.tsx";
import { inventoryPath, SHOP_MANAGE_KEY } from "./api.ts";
import { type BundleValues, partLabel } from "./bundle-form.ts";
import { useFieldText } from "./forms.ts";
import { RowButton } from "../../../lib/components/RowButtons.tsx";

/**
 * A bundle's parts: variants of the store, found by name or SKU (the inventory's search), each
 * with how many go in. A variant already in the bundle is not added twice: its quantity is raised.
 */
export function BundleItems({ form, store }: { form: UseFormReturn<BundleValues>; store: ShopStore }) {
  const { t } = useTranslation();
  const text = useFieldText(form);
  const { fields, append, remove, update } = useFieldArray({ control: form.control, name: "items", keyName: "key" });
  const listError = text("items");
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t("shopManage.bundles.items")}
      </Typography>
      <FormHelperText sx={{ mt: 0, mb: 1.5 }}>{t("shopManage.bundles.itemsHint")}</FormHelperText>
      {fields.length > 0 ? (
        <Stack component="ul" spacing={1} sx={{ listStyle: "none", p: 0, m: 0, mb: 2 }}>
          {fields.map((field, index) => {
            const variantError = text(`items.${index}.variantId`);
            const quantityError = text(`items.${index}.quantity`);
            return (
              <Box
                component="li"
                key={field.key}
                sx={{
                  display: "flex",
                  flexWrap: "wrap",
                  alignItems: "flex-start",
                  gap: 1.5,
                  border: 1,
                  borderColor: variantError ? "error.main" : "divider",
                  borderRadius: 1,
                  p: 1.5,
                }}
              >
                <Box sx={{ flex: "1 1 200px", minWidth: 0, pt: 1 }}>
                  <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
                    {field.label}
                  </Typography>
                  {variantError ? <FormHelperText error>{variantError}</FormHelperText> : null}
                </Box>
                <TextField
                  size="small"
                  label={t("shopManage.bundles.quantity")}
                  {...form.register(`items.${index}.quantity`)}
                  error={!!quantityError}
                  helperText={quantityError}
                  slotProps={{
                    htmlInput: { inputMode: "numeric", autoComplete: "off", "aria-label": t("shopManage.bundles.quantityOf", { name: field.label }) },
                  }}
                  sx={{ width: 110 }}
                />
                <Box sx={{ pt: 0.5 }}>
                  <RowButton label={t("shopManage.bundles.removeItem", { name: field.label })} onClick={() => remove(index)} color="error">
                    <DeleteOutline fontSize="small" />
                  </RowButton>
                </Box>
              </Box>
            );
          })}
        </Stack>
      ) : null}
      {fields.length < SHOP_BUNDLE_ITEMS_MAX ? (
        <SearchPicker<InventoryRow>
          path={`${inventoryPath(store.id)}?rowsPerPage=20`}
          queryKey={[SHOP_MANAGE_KEY, "variant-picker", store.id]}
          toOption={(row) => ({ id: String(row.variantId), label: partLabel(row.product, row.name, row.sku) })}
          value={null}
          onChange={(option) => {
            if (!option) return;
            const variantId = Number(option.id);
            const at = form.getValues("items").findIndex((item) => item.variantId === variantId);
            if (at >= 0) {
              const item = form.getValues(`items.${at}`);
              update(at, { ...item, quantity: String((Number(item.quantity) || 0) + 1) });
            } else append({ variantId, label: option.label, quantity: "1" });
          }}
          label={t("shopManage.bundles.addItem")}
          noOptionsText={t("shopManage.bundles.noVariants")}
        />
      ) : null}
      {listError ? (
        <FormHelperText error role="alert">
          {listError}
        </FormHelperText>
      ) : null}
    </Box>
  );
}
