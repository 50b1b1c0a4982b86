import { GROUP_NAME_MAX, type Group, type GroupNameInput, groupNameSchema } from "@clinic/shared";
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from "@mui/material";
import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { applyFieldErrors } from "../../lib/forms.ts";
import { currentLanguage } from "../../lib/i18n.ts";
import { useAction } from "../../lib/resource.ts";
import { zodResolver } from "../../lib/zod-resolver.ts";
import { createGroup, GROUPS_KEY, renameGroup } from "./api.ts";

/** Make a custom group, or rename `group`: a name in English and one in Spanish, as the screens show them. */
export function GroupDialog({ open, group, onClose }: { open: boolean; group: Group | null; onClose: (saved?: Group) => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const form = useForm<GroupNameInput>({ resolver: zodResolver(groupNameSchema), defaultValues: { name: { en: "", es: "" } } });
  const { reset } = form;
  useEffect(() => {
    if (open) reset({ name: { en: group?.name.en ?? "", es: group?.name.es ?? "" } });
  }, [open, group, reset]);
  const save = useAction((values: GroupNameInput) => (group ? renameGroup(group.id, values) : createGroup(values)), {
    invalidate: [[GROUPS_KEY]],
    success: (saved) => t(group ? "people.groups.renamed" : "people.groups.created", { group: saved.name[currentLanguage()] }),
    onFieldErrors: (fields) => applyFieldErrors(form.setError, fields, ["name.en", "name.es"]),
    onSuccess: (saved) => onClose(saved),
  });
  const errors = form.formState.errors.name;
  return (
    <Dialog open={open} onClose={() => onClose()} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
        <DialogTitle id={titleId}>{group ? t("people.groups.rename") : t("people.groups.add")}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t("people.groups.nameEn")}
              required
              autoFocus
              {...form.register("name.en")}
              error={!!errors?.en}
              helperText={errors?.en?.message ?? t("people.groups.nameHint", { max: GROUP_NAME_MAX })}
              slotProps={{ htmlInput: { lang: "en" } }}
            />
            <TextField
              label={t("people.groups.nameEs")}
              required
              {...form.register("name.es")}
              error={!!errors?.es}
              helperText={errors?.es?.message ?? t("people.groups.nameHint", { max: GROUP_NAME_MAX })}
              slotProps={{ htmlInput: { lang: "es" } }}
            />
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
