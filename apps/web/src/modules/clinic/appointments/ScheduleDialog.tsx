import { APPOINTMENT_TYPE_IDS, DESCRIPTION_MAX, type Schedule, type ScheduleInput, scheduleInputSchema } from "@clinic/shared";
import { zodResolver } from "../../../lib/zod-resolver.ts";
import {
  Autocomplete,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Stack,
  TextField,
  useMediaQuery,
} from "@mui/material";
import { useTheme } from "@mui/material/styles";
import { useEffect, useId, useMemo } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { applyFieldErrors } from "../../../lib/forms.ts";
import { useAction } from "../../../lib/resource.ts";
import { DurationSelect, NameAndDescription } from "./fields.tsx";
import { createSchedule, SCHEDULES_KEY, SERVICES_KEY, SLOTS_KEY, updateSchedule } from "./api.ts";
import { fieldMessage, placeableFields } from "./format.ts";
import { ExceptionRows, RuleRows, type ScheduleValues } from "./ScheduleRules.tsx";
import { browserTimeZone, timeZoneOptions } from "../../../lib/zoned-time.ts";

const FIELDS = ["name", "description", "duration", "appointmentTypes", "timeZone", "rules", "exceptions"] as const;

function initialValues(schedule: Schedule | null): ScheduleInput {
  if (!schedule) {
    return {
      name: "",
      description: "",
      duration: 30,
      appointmentTypes: [1],
      timeZone: browserTimeZone(),
      rules: [{ day: "week", start: "09:00", end: "17:00" }],
      exceptions: [],
    };
  }
  return {
    name: schedule.name,
    description: schedule.description,
    duration: schedule.duration as ScheduleInput["duration"],
    appointmentTypes: schedule.appointmentTypes as ScheduleInput["appointmentTypes"],
    timeZone: schedule.timeZone,
    rules: schedule.rules.map((rule) => ({ ...rule })),
    exceptions: schedule.exceptions.map((exception) => ({ ...exception })),
  };
}

/** Add or edit a schedule: its appointments' length and kinds, its time zone, weekly hours and dated exceptions. */
export function ScheduleDialog({ open, schedule, onClose }: { open: boolean; schedule: Schedule | null; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down("sm"));
  const form = useForm<ScheduleInput, unknown, ScheduleValues>({ resolver: zodResolver(scheduleInputSchema), defaultValues: initialValues(null) });
  const { reset } = form;
  useEffect(() => {
    if (open) reset(initialValues(schedule));
  }, [open, schedule, reset]);
  const save = useAction((values: ScheduleValues) => (schedule ? updateSchedule(schedule.id, values) : createSchedule(values)), {
    invalidate: [[SCHEDULES_KEY], [SERVICES_KEY], [SLOTS_KEY]],
    success: t("schedules.saved"),
    onFieldErrors: (fields) => applyFieldErrors(form.setError, fields, placeableFields(fields, FIELDS)),
    onSuccess: () => onClose(),
  });
  const errors = form.formState.errors;
  const message = (text?: string) => fieldMessage(t, text);
  const zone = form.watch("timeZone");
  const zones = useMemo(() => timeZoneOptions(zone), [zone]);

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={phone}>
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
        <DialogTitle id={titleId}>{schedule ? t("schedules.edit") : t("schedules.add")}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <NameAndDescription
              name={form.register("name")}
              description={form.register("description")}
              errors={{ name: message(errors.name?.message), description: message(errors.description?.message) }}
              labels={{ name: t("schedules.name"), description: t("schedules.description") }}
              descriptionHint={t("catalogue.nameHint", { max: DESCRIPTION_MAX })}
            />
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ "& > *": { flex: 1 } }}>
              <Controller
                control={form.control}
                name="duration"
                render={({ field }) => (
                  <DurationSelect
                    {...field}
                    label={t("schedules.duration")}
                    error={message(errors.duration?.message)}
                    helperText={t("schedules.durationHint")}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="timeZone"
                render={({ field }) => (
                  <Autocomplete
                    options={zones}
                    value={field.value || null}
                    onChange={(_, value) => field.onChange(value ?? "")}
                    onBlur={field.onBlur}
                    disableClearable={false}
                    renderInput={(params) => (
                      <TextField
                        {...params}
                        label={t("schedules.timeZone")}
                        required
                        error={!!errors.timeZone}
                        helperText={message(errors.timeZone?.message) ?? t("schedules.timeZoneHint")}
                      />
                    )}
                  />
                )}
              />
            </Stack>
            <Controller
              control={form.control}
              name="appointmentTypes"
              render={({ field }) => {
                const chosen = field.value ?? [];
                return (
                  <FormControl component="fieldset" error={!!errors.appointmentTypes} required>
                    <FormLabel component="legend">{t("schedules.types")}</FormLabel>
                    <FormGroup row>
                      {APPOINTMENT_TYPE_IDS.map((id) => (
                        <FormControlLabel
                          key={id}
                          label={t(`appointments.types.${id}`)}
                          control={
                            <Checkbox
                              checked={chosen.includes(id)}
                              onChange={(event) => field.onChange(event.target.checked ? [...chosen, id] : chosen.filter((type) => type !== id))}
                            />
                          }
                        />
                      ))}
                    </FormGroup>
                    <FormHelperText>{message(errors.appointmentTypes?.message) ?? t("schedules.typesHint")}</FormHelperText>
                  </FormControl>
                );
              }}
            />
            <Divider />
            <RuleRows control={form.control} errors={errors} setValue={form.setValue} />
            <Divider />
            <ExceptionRows control={form.control} errors={errors} setValue={form.setValue} />
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
