import { type ShopCategory, type ShopCategoryInput, shopCategoryInputSchema } from "@clinic/shared";
import { TextField } from "@mui/material";
import { useEffect, useMemo } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../lib/components/FormDialog.tsx";
import { createCategory, EVERY_MANAGE_LIST, updateCategory } from "./api.ts";
import { placeIn, useDialogSave, useFieldText } from "./forms.ts";
import { convertingResolver } from "../../../lib/forms.ts";

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
    <FormDialog
      open={open}
      onClose={() => onClose()}
      title={category ? t("shopManage.categories.rename") : t("shopManage.categories.add")}
      onSubmit={form.handleSubmit((values) => saving.save({ name: values.name, position }))}
      pending={saving.pending}
      problem={saving.problem}
      maxWidth="xs"
    >
      <TextField
        label={t("shopManage.name")}
        required
        fullWidth
        autoFocus
        {...form.register("name")}
        error={!!text("name")}
        helperText={text("name")}
        slotProps={{ htmlInput: { maxLength: 120 } }}
      />
    </FormDialog>
  );
}
