import { DESCRIPTION_MAX, type Schedule, type Service, type ServiceInput, serviceInputSchema } from "@clinic/shared";
import { zodResolver } from "../../../lib/zod-resolver.ts";
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from "@mui/material";
import { useEffect, useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { applyFieldErrors } from "../../../lib/forms.ts";
import { useAction } from "../../../lib/resource.ts";
import { NameAndDescription } from "./fields.tsx";
import { createService, SERVICES_KEY, SLOTS_KEY, updateService } from "./api.ts";

type ServiceValues = z.output<typeof serviceInputSchema>;

/** Add or edit a service: its name, what it is, and the schedule patients book it from (none: not bookable). */
export function ServiceDialog({
  open,
  service,
  schedules,
  onClose,
}: {
  open: boolean;
  service: Service | null;
  schedules: readonly Schedule[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const form = useForm<ServiceInput, unknown, ServiceValues>({
    resolver: zodResolver(serviceInputSchema),
    defaultValues: { name: "", description: "", scheduleId: null },
  });
  const { reset } = form;
  useEffect(() => {
    if (open) reset({ name: service?.name ?? "", description: service?.description ?? "", scheduleId: service?.scheduleId ?? schedules[0]?.id ?? null });
  }, [open, service, schedules, reset]);
  const save = useAction((values: ServiceValues) => (service ? updateService(service.id, values) : createService(values)), {
    invalidate: [[SERVICES_KEY], [SLOTS_KEY]],
    success: service ? t("services.updated") : t("services.created"),
    onFieldErrors: (fields) => applyFieldErrors(form.setError, fields, ["name", "description", "scheduleId"]),
    onSuccess: () => onClose(),
  });
  const errors = form.formState.errors;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
        <DialogTitle id={titleId}>{service ? t("services.edit") : t("services.add")}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <NameAndDescription
              name={form.register("name")}
              description={form.register("description")}
              errors={{ name: errors.name?.message, description: errors.description?.message }}
              labels={{ name: t("services.name"), description: t("services.description") }}
              descriptionHint={t("catalogue.nameHint", { max: DESCRIPTION_MAX })}
            />
            <Controller
              control={form.control}
              name="scheduleId"
              render={({ field }) => (
                <TextField
                  select
                  label={t("services.schedule")}
                  value={field.value ?? "none"}
                  onChange={(event) => field.onChange(event.target.value === "none" ? null : Number(event.target.value))}
                  onBlur={field.onBlur}
                  error={!!errors.scheduleId}
                  helperText={errors.scheduleId?.message ?? t("services.scheduleHint")}
                >
                  <MenuItem value="none">{t("services.noSchedule")}</MenuItem>
                  {schedules.map((schedule) => (
                    <MenuItem key={schedule.id} value={schedule.id}>
                      {schedule.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t("common.save")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
