import { type Category, type CategoryInput, categoryInputSchema, DESCRIPTION_MAX, NAME_MAX } from "@clinic/shared";
import { zodResolver } from "../../../lib/zod-resolver.ts";
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, FormHelperText, Stack, Switch, TextField } from "@mui/material";
import { useEffect, useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { RichTextField } from "../../../lib/components/RichTextField.tsx";
import { applyFieldErrors } from "../../../lib/forms.ts";
import { useAction } from "../../../lib/resource.ts";
import { CATEGORIES_KEY, createCategory, updateCategory } from "./api.ts";

/** Add a category, or edit `category`, in a dialog over the list. */
export function CategoryDialog({ open, category, onClose }: { open: boolean; category: Category | null; onClose: (saved?: Category) => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const form = useForm<CategoryInput>({ resolver: zodResolver(categoryInputSchema), defaultValues: { name: "", description: "", nutrition: false } });
  const { reset } = form;
  useEffect(() => {
    if (open) reset({ name: category?.name ?? "", description: category?.description ?? "", nutrition: category?.nutrition ?? false });
  }, [open, category, reset]);
  const save = useAction((values: CategoryInput) => (category ? updateCategory(category.id, values) : createCategory(values)), {
    invalidate: [[CATEGORIES_KEY], ["category"], ["recommendations"]],
    adds: (saved) => (category ? [] : [{ list: [CATEGORIES_KEY], records: [saved] }]),
    replaces: (saved) => (category ? [{ list: [CATEGORIES_KEY], records: [saved] }] : []),
    success: () => (category ? t("categories.updated") : t("categories.created")),
    onFieldErrors: (fields) => applyFieldErrors(form.setError, fields, ["name", "description"]),
    onSuccess: (saved) => onClose(saved),
  });
  const errors = form.formState.errors;
  return (
    <Dialog open={open} onClose={() => onClose()} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
        <DialogTitle id={titleId}>{category ? t("categories.edit") : t("categories.add")}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t("catalogue.name")}
              required
              autoFocus
              {...form.register("name")}
              error={!!errors.name}
              helperText={errors.name?.message ?? t("catalogue.nameHint", { max: NAME_MAX })}
            />
            <RichTextField control={form.control} name="description" label={t("catalogue.description")} required max={DESCRIPTION_MAX} minHeight={100} />
            <div>
              <Controller
                control={form.control}
                name="nutrition"
                render={({ field }) => (
                  <FormControlLabel
                    control={<Switch checked={field.value ?? false} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} />}
                    label={t("categories.nutrition")}
                  />
                )}
              />
              <FormHelperText sx={{ mt: 0 }}>{t("categories.nutritionHint")}</FormHelperText>
            </div>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose()}>{t("common.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t("common.save")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
