import {
  type APPOINTMENT_DURATIONS,
  APPOINTMENT_REPEAT_MAX,
  APPOINTMENT_TYPE_IDS,
  type Appointment,
  DEFAULT_APPOINTMENT_DURATION,
  DESCRIPTION_MAX,
  isRealDate,
  NAME_MAX,
  requiredText,
} from "@clinic/shared";
import { zodResolver } from "../../../lib/zod-resolver.ts";
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, useMediaQuery } from "@mui/material";
import { useTheme } from "@mui/material/styles";
import dayjs from "dayjs";
import type { TFunction } from "i18next";
import { useEffect, useId, useMemo } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { DateField } from "../../../lib/components/DateField.tsx";
import { applyFieldErrors } from "../../../lib/forms.ts";
import { useAction } from "../../../lib/resource.ts";
import { readSelectedPatient } from "../../../lib/session.ts";
import { APPOINTMENT_CHANGES, APPOINTMENTS_KEY, createAppointment, updateAppointment } from "./api.ts";
import { AppointmentTypeSelect, DurationSelect, NameAndDescription } from "./fields.tsx";
import { localInstant, localParts, startTimeOptions, timeLabel } from "./format.ts";
import { type PatientOption, PatientSelect } from "./PatientSelect.tsx";
import { browserTimeZone } from "../../../lib/zoned-time.ts";

interface Values {
  patient: PatientOption | null;
  name: string;
  description: string;
  date: string;
  time: string;
  duration: number;
  appointmentType: number;
  repeatWeeks: number;
}
const FIELDS = ["patient", "name", "description", "date", "time", "duration", "appointmentType", "repeatWeeks"] as const;
/** The server's field names where the form names them otherwise. */
const FORM_FIELD: Record<string, string> = { start: "time", patientId: "patient" };
const TIMES = startTimeOptions();

function formSchema(t: TFunction, creating: boolean) {
  return z
    .object({
      patient: z.object({ id: z.string(), label: z.string() }).nullable(),
      name: requiredText(NAME_MAX),
      description: requiredText(DESCRIPTION_MAX),
      date: z.string().refine(isRealDate, t("appointments.errors.date")),
      time: z.string().regex(/^\d{2}:\d{2}$/, t("appointments.errors.time")),
      duration: z.number(),
      appointmentType: z.number(),
      repeatWeeks: z
        .number(t("appointments.errors.repeat"))
        .int(t("appointments.errors.repeat"))
        .min(1, t("appointments.errors.repeat"))
        .max(APPOINTMENT_REPEAT_MAX, t("appointments.errors.repeat")),
    })
    .superRefine((values, context) => {
      if (creating && !values.patient) context.addIssue({ code: "custom", path: ["patient"], message: t("appointments.errors.patient") });
      if (isRealDate(values.date) && /^\d{2}:\d{2}$/.test(values.time) && Date.parse(localInstant(values.date, values.time)) <= Date.now())
        context.addIssue({ code: "custom", path: ["time"], message: t("appointments.errors.past") });
    });
}

export interface AppointmentDraft {
  start: Date;
  duration: number;
}

interface AppointmentDialogProps {
  open: boolean;
  /** Editing this appointment; otherwise a new one. */
  appointment: Appointment | null;
  /** A new appointment's proposed time (a calendar selection). */
  draft: AppointmentDraft | null;
  onClose: () => void;
}

function initialValues(appointment: Appointment | null, draft: AppointmentDraft | null): Values {
  if (appointment) {
    const { date, time } = localParts(appointment.start);
    const { patient, name, description, duration, appointmentType } = appointment;
    return { patient: { id: patient.id, label: patient.name }, name, description, date, time, duration, appointmentType, repeatWeeks: 1 };
  }
  const selected = readSelectedPatient();
  // Without a selection: the next whole hour.
  const { date, time } = localParts(draft?.start ?? dayjs().add(1, "hour").startOf("hour").toDate());
  return {
    // The patient chosen in the top bar is the likely one.
    patient: selected ? { id: selected.id, label: `${selected.nombres} ${selected.apellidos}`.trim() } : null,
    name: "",
    description: "",
    date,
    time,
    duration: draft?.duration ?? DEFAULT_APPOINTMENT_DURATION,
    appointmentType: APPOINTMENT_TYPE_IDS[0],
    repeatWeeks: 1,
  };
}

/** Staff book an appointment for one of their patients at any free time, or change one. */
export function AppointmentDialog({ open, appointment, draft, onClose }: AppointmentDialogProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down("sm"));
  const creating = appointment === null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the messages follow the language.
  const schema = useMemo(() => formSchema(t, creating), [t, creating, i18n.language]);
  const form = useForm<Values>({ resolver: zodResolver(schema) as never, defaultValues: initialValues(null, null) });
  const { reset } = form;
  useEffect(() => {
    if (open) reset(initialValues(appointment, draft));
  }, [open, appointment, draft, reset]);

  const save = useAction(
    (values: Values) => {
      const common = {
        name: values.name,
        description: values.description,
        start: localInstant(values.date, values.time),
        duration: values.duration as (typeof APPOINTMENT_DURATIONS)[number],
        appointmentType: values.appointmentType as (typeof APPOINTMENT_TYPE_IDS)[number],
      };
      if (appointment) return updateAppointment(appointment.id, common);
      return createAppointment({ ...common, patientId: values.patient?.id, repeatWeeks: values.repeatWeeks, timeZone: browserTimeZone() });
    },
    {
      invalidate: APPOINTMENT_CHANGES,
      adds: (saved) => (appointment ? [] : [{ list: [APPOINTMENTS_KEY], records: [saved] }]),
      replaces: (saved) => (appointment ? [{ list: [APPOINTMENTS_KEY], records: [saved] }] : []),
      success: () => (appointment ? t("appointments.updated") : t("appointments.created")),
      onFieldErrors: (fields) =>
        applyFieldErrors(form.setError, Object.fromEntries(Object.entries(fields).map(([field, messages]) => [FORM_FIELD[field] ?? field, messages])), FIELDS),
      onSuccess: () => onClose(),
    },
  );
  const errors = form.formState.errors;
  // A time off the 15-minute steps (moved by another device, say) is still offered as it is.
  const time = form.watch("time");
  const times = !time || TIMES.includes(time) ? TIMES : [...TIMES, time].sort();

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={phone}>
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
        <DialogTitle id={titleId}>{appointment ? t("appointments.edit") : t("appointments.new")}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {creating ? (
              <Controller
                control={form.control}
                name="patient"
                render={({ field }) => <PatientSelect value={field.value} onChange={field.onChange} error={errors.patient?.message} />}
              />
            ) : null}
            <NameAndDescription
              name={form.register("name")}
              description={form.register("description")}
              errors={{ name: errors.name?.message, description: errors.description?.message }}
              labels={{ name: t("appointments.fields.name"), description: t("appointments.fields.description") }}
            />
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ "& > *": { flex: 1 } }}>
              <Controller
                control={form.control}
                name="date"
                render={({ field }) => (
                  <DateField
                    label={t("appointments.fields.date")}
                    required
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={!!errors.date}
                    helperText={errors.date?.message}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="time"
                render={({ field }) => (
                  <TextField select label={t("appointments.fields.time")} required {...field} error={!!errors.time} helperText={errors.time?.message}>
                    {times.map((option) => (
                      <MenuItem key={option} value={option}>
                        {timeLabel(option)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Stack>
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ "& > *": { flex: 1 } }}>
              <Controller
                control={form.control}
                name="duration"
                render={({ field }) => <DurationSelect {...field} label={t("appointments.fields.duration")} error={errors.duration?.message} />}
              />
              <Controller
                control={form.control}
                name="appointmentType"
                render={({ field }) => <AppointmentTypeSelect {...field} label={t("appointments.fields.type")} error={errors.appointmentType?.message} />}
              />
            </Stack>
            {creating ? (
              <TextField
                label={t("appointments.fields.repeatWeeks")}
                type="number"
                {...form.register("repeatWeeks", { valueAsNumber: true })}
                error={!!errors.repeatWeeks}
                helperText={errors.repeatWeeks?.message ?? t("appointments.repeatHint", { max: APPOINTMENT_REPEAT_MAX })}
                slotProps={{ htmlInput: { min: 1, max: APPOINTMENT_REPEAT_MAX, step: 1 } }}
                sx={{ maxWidth: { sm: 240 } }}
              />
            ) : null}
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
