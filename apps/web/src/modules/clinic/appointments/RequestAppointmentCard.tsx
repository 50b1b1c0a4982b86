import { APPOINTMENT_TYPE_IDS, DESCRIPTION_MAX, NAME_MAX, requiredText, type Service, type ServiceSlots, type Slot } from "@clinic/shared";
import { zodResolver } from "../../../lib/zod-resolver.ts";
import { Alert, Box, Button, Card, CardContent, CardHeader, MenuItem, Stack, TextField, Typography } from "@mui/material";
import dayjs from "dayjs";
import { useEffect, useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { formatDateTime } from "../../../lib/dates.ts";
import { applyFieldErrors } from "../../../lib/forms.ts";
import { useAction, useResource } from "../../../lib/resource.ts";
import { APPOINTMENT_CHANGES, APPOINTMENTS_KEY, createAppointment, SERVICES_KEY, SLOTS_KEY, slotsPath } from "./api.ts";
import { AppointmentTypeSelect, NameAndDescription } from "./fields.tsx";
import { SLOT_WINDOW_DAYS, SlotPicker } from "./SlotPicker.tsx";

const requestSchema = z.object({ name: requiredText(NAME_MAX), description: requiredText(DESCRIPTION_MAX), appointmentType: z.number() });
type RequestValues = z.infer<typeof requestSchema>;

/**
 * A patient asks for an appointment: one of their therapists' services, a free time of its
 * schedule, the kind of meeting, and a few words. The therapist accepts or denies it.
 */
export function RequestAppointmentCard() {
  const { t } = useTranslation();
  const titleId = useId();
  const today = dayjs().format("YYYY-MM-DD");
  const { data: services } = useResource<Service[]>([SERVICES_KEY, "patient"], "/api/patient-services/");
  const bookable = (services ?? []).filter((service) => service.scheduleId !== null);
  const [serviceId, setServiceId] = useState<number | null>(null);
  const service = bookable.find((entry) => entry.id === serviceId) ?? null;
  const [from, setFrom] = useState(today);
  const to = dayjs(from)
    .add(SLOT_WINDOW_DAYS - 1, "day")
    .format("YYYY-MM-DD");
  const slots = useResource<ServiceSlots>([SLOTS_KEY, serviceId, from, to], serviceId ? slotsPath(serviceId, from, to) : null);
  const [day, setDay] = useState<string | null>(null);
  const [slot, setSlot] = useState<Slot | null>(null);
  const types = slots.data?.schedule?.appointmentTypes ?? [];
  const firstType = types[0] ?? APPOINTMENT_TYPE_IDS[0];

  const form = useForm<RequestValues>({
    resolver: zodResolver(requestSchema),
    defaultValues: { name: "", description: "", appointmentType: APPOINTMENT_TYPE_IDS[0] },
  });
  const { reset, getValues } = form;
  // A new service proposes its name and its schedule's first kind of meeting.
  useEffect(() => {
    if (service) reset({ ...getValues(), name: getValues("name") || service.name, appointmentType: firstType });
  }, [service, firstType, reset, getValues]);

  const send = useAction(
    (values: RequestValues) =>
      createAppointment({
        name: values.name,
        description: values.description,
        start: (slot as Slot).start,
        appointmentType: values.appointmentType as (typeof APPOINTMENT_TYPE_IDS)[number],
        serviceId,
      }),
    {
      invalidate: APPOINTMENT_CHANGES,
      adds: (requested) => [{ list: [APPOINTMENTS_KEY], records: [requested] }],
      success: t("appointments.created"),
      onFieldErrors: (fields) => applyFieldErrors(form.setError, fields, ["name", "description", "appointmentType"]),
      onSuccess: () => {
        setSlot(null);
        reset({ name: service?.name ?? "", description: "", appointmentType: firstType });
      },
    },
  );
  const errors = form.formState.errors;
  const chooseService = (id: number) => {
    setServiceId(id);
    setSlot(null);
    setDay(null);
    form.setValue("name", "");
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardHeader title={t("appointments.request.title")} slotProps={{ title: { component: "h2", id: titleId, variant: "h6" } }} />
      <CardContent sx={{ pt: 0 }}>
        {services && bookable.length === 0 ? <Alert severity="info">{t("appointments.request.noServices")}</Alert> : null}
        {bookable.length ? (
          <Stack spacing={2}>
            <TextField select label={t("appointments.fields.service")} value={serviceId ?? ""} onChange={(event) => chooseService(Number(event.target.value))}>
              {bookable.map((entry) => (
                <MenuItem key={entry.id} value={entry.id}>
                  {t("appointments.request.serviceOption", { name: entry.name, therapist: entry.providerName })}
                </MenuItem>
              ))}
            </TextField>
            {service ? (
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: "pre-line" }}>
                {service.description}
              </Typography>
            ) : null}
            {service ? (
              <SlotPicker
                from={from}
                today={today}
                onFrom={(next) => {
                  setFrom(next);
                  setDay(null);
                }}
                slots={slots.data?.slots}
                loading={slots.network.isFetching}
                day={day}
                onDay={setDay}
                value={slot}
                onChange={setSlot}
              />
            ) : null}
            {service && slot ? (
              <Box
                component="form"
                noValidate
                onSubmit={form.handleSubmit((values) => send.mutate(values, { onError: () => void slots.refetch() }))}
                aria-label={t("appointments.request.formLabel")}
              >
                <Stack spacing={2}>
                  <Typography sx={{ fontWeight: 600 }}>{t("appointments.request.chosen", { date: formatDateTime(slot.start) })}</Typography>
                  <Controller
                    control={form.control}
                    name="appointmentType"
                    render={({ field }) => (
                      <AppointmentTypeSelect {...field} types={types} label={t("appointments.fields.type")} error={errors.appointmentType?.message} />
                    )}
                  />
                  <NameAndDescription
                    name={form.register("name")}
                    description={form.register("description")}
                    errors={{ name: errors.name?.message, description: errors.description?.message }}
                    labels={{ name: t("appointments.fields.name"), description: t("appointments.fields.description") }}
                    descriptionHint={t("appointments.request.descriptionHint")}
                  />
                  <Box>
                    <Button type="submit" variant="contained" disabled={send.isPending}>
                      {t("appointments.request.send")}
                    </Button>
                  </Box>
                </Stack>
              </Box>
            ) : null}
          </Stack>
        ) : null}
      </CardContent>
    </Card>
  );
}
