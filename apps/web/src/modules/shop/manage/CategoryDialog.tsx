import { type ShopCategory, type ShopCategoryInput, shopCategoryInputSchema } from "@clinic/shared";
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from "@mui/material";
import { useEffect, useId, useMemo } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { createCategory, EVERY_MANAGE_LIST, updateCategory } from "./api.ts";
import { convertingResolver, placeIn, useDialogSave, useFieldText } from "./forms.ts";

interface Values {
  name: string;
}

/** Add a category to the store, or rename `category`; a new one goes last. */
export function CategoryDialog({
  open,
  storeId,
  category,
  nextPosition,
  onClose,
}: {
  open: boolean;
  storeId: number;
  category: ShopCategory | null;
  nextPosition: number;
  onClose: (saved?: ShopCategory) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const position = category?.position ?? nextPosition;
  const resolver = useMemo(
    () => convertingResolver<Values, ShopCategoryInput>(shopCategoryInputSchema, (values) => ({ payload: { name: values.name, position }, errors: {} })),
    [position],
  );
  const form = useForm<Values>({ defaultValues: { name: "" }, resolver });
  const { reset } = form;
  useEffect(() => {
    if (open) reset({ name: category?.name ?? "" });
  }, [open, category, reset]);
  const saving = useDialogSave((input: ShopCategoryInput) => (category ? updateCategory(category.id, input) : createCategory(storeId, input)), {
    form,
    session: open && (category?.id ?? "new"),
    place: placeIn(["name"]),
    invalidate: [...EVERY_MANAGE_LIST],
    success: (saved) => t(category ? "shopManage.categories.renamed" : "shopManage.categories.created", { name: saved.name }),
    onSaved: (saved) => onClose(saved),
  });
  const text = useFieldText(form);
  return (
    <Dialog open={open} onClose={() => onClose()} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form noValidate onSubmit={form.handleSubmit((values) => saving.save({ name: values.name, position }))}>
        <DialogTitle id={titleId}>{category ? t("shopManage.categories.rename") : t("shopManage.categories.add")}</DialogTitle>
        <DialogContent>
          {saving.problem ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {saving.problem}
            </Alert>
          ) : null}
          <TextField
            label={t("shopManage.name")}
            required
            fullWidth
            autoFocus
            {...form.register("name")}
            error={!!text("name")}
            helperText={text("name")}
            slotProps={{ htmlInput: { maxLength: 120 } }}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose()}>{t("common.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={saving.pending}>
            {t("common.save")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
