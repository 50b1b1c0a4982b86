import { type ProductInput, productInputSchema, type ShopCategory, type ShopProduct, type ShopStore } from "@clinic/shared";
import { Alert, MenuItem, Stack, TextField } from "@mui/material";
import { useEffect, useMemo } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../lib/components/FormDialog.tsx";
import { Loading } from "../../../lib/components/Loading.tsx";
import { RichTextField } from "../../../lib/components/RichTextField.tsx";
import { SwitchField } from "../../../lib/components/SwitchField.tsx";
import { useResource } from "../../../lib/resource.ts";
import { createProduct, EVERY_MANAGE_LIST, productPath, SHOP_MANAGE_KEY, shopFieldMessage, updateProduct } from "./api.ts";
import { useDialogSave, useFieldText } from "./forms.ts";
import { convertingResolver } from "../../../lib/forms.ts";
import { ImagesField } from "./ImagesField.tsx";
import { productBody, productPlacement, type ProductValues, productValues } from "./product-form.ts";
import { VariantsField } from "./VariantsField.tsx";

interface ProductDialogProps {
  store: ShopStore;
  categories: readonly ShopCategory[];
  /** The product to edit; null adds one. */
  productId: number | null;
  open: boolean;
  /** A new product starts in the category being looked at. */
  categoryId: number | null;
  onClose: () => void;
}

/** Add or edit a product: name, description, category, on sale, pictures and its variants. */
export function ProductDialog({ store, categories, productId, open, categoryId, onClose }: ProductDialogProps) {
  const { t, i18n } = useTranslation();
  const product = useResource<ShopProduct>([SHOP_MANAGE_KEY, "product", productId], open && productId !== null ? productPath(productId) : null);
  const texts = useMemo(() => ({ money: t("shopManage.money.invalid"), whole: t("shopManage.money.whole") }), [t]);
  const resolver = useMemo(
    () => convertingResolver<ProductValues, ProductInput>(productInputSchema, (values) => productBody(values, store.currency, texts)),
    [store.currency, texts],
  );
  const form = useForm<ProductValues>({ defaultValues: productValues(null, store.currency, i18n.language, categoryId), resolver });
  const { reset } = form;
  const loaded = productId === null ? null : (product.data ?? undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts again when the dialog opens or the product arrives, not on a language switch.
  useEffect(() => {
    if (open && loaded !== undefined) reset(productValues(loaded, store.currency, i18n.language, categoryId));
  }, [open, loaded, reset, store.currency, categoryId]);
  const saving = useDialogSave((input: ProductInput) => (productId === null ? createProduct(store.id, input) : updateProduct(productId, input)), {
    form,
    session: open && (productId ?? "new"),
    place: productPlacement,
    invalidate: [...EVERY_MANAGE_LIST],
    success: (saved) => t(productId === null ? "shopManage.products.created" : "shopManage.products.updated", { name: saved.name }),
    onSaved: () => onClose(),
  });
  const text = useFieldText(form);
  const errors = form.formState.errors;
  const waiting = productId !== null && !product.data;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={productId === null ? t("shopManage.products.add") : t("shopManage.products.edit")}
      onSubmit={form.handleSubmit((values) => saving.save(productBody(values, store.currency, texts).payload))}
      pending={saving.pending}
      submitDisabled={waiting}
      problem={saving.problem}
      maxWidth="lg"
      phoneFullScreen
    >
      {waiting ? (
        product.network.error ? (
          <Alert severity="error">{t("shopManage.products.loadFailed")}</Alert>
        ) : (
          <Loading />
        )
      ) : (
        <>
          <Stack direction={{ xs: "column", md: "row" }} spacing={2}>
            <TextField
              label={t("shopManage.name")}
              required
              {...form.register("name")}
              error={!!errors.name}
              helperText={text("name")}
              slotProps={{ htmlInput: { maxLength: 200 } }}
              sx={{ flex: 2 }}
            />
            <Controller
              name="categoryId"
              control={form.control}
              render={({ field }) => (
                <TextField
                  select
                  slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                  label={t("shopManage.products.category")}
                  value={field.value}
                  onChange={field.onChange}
                  error={!!errors.categoryId}
                  helperText={text("categoryId")}
                  sx={{ flex: 1, minWidth: 200 }}
                >
                  <MenuItem value="">{t("shopManage.products.noCategory")}</MenuItem>
                  {categories.map((category) => (
                    <MenuItem key={category.id} value={String(category.id)}>
                      {category.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Stack>
          <SwitchField control={form.control} name="active" label={t("shopManage.products.onSale")} hint={t("shopManage.products.onSaleHint")} />
          <RichTextField
            control={form.control}
            name="description"
            label={t("shopManage.description")}
            max={5000}
            minHeight={100}
            translateError={(message) => shopFieldMessage(t, message) ?? message}
          />
          <Controller
            name="imageUploadIds"
            control={form.control}
            render={({ field }) => <ImagesField value={field.value} onChange={field.onChange} error={text("imageUploadIds")} />}
          />
          <VariantsField form={form} currency={store.currency} />
        </>
      )}
    </FormDialog>
  );
}
