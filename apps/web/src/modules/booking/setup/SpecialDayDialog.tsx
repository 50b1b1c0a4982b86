import { type BookingProvider, type BookingSpecialDay, type BookingSpecialDayInput, bookingSpecialDayInputSchema } from "@clinic/shared";
import { MenuItem, Stack, TextField } from "@mui/material";
import { useEffect } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { DateField } from "../../../lib/components/DateField.tsx";
import { FormDialog } from "../../../lib/components/FormDialog.tsx";
import { SwitchField } from "../../../lib/components/SwitchField.tsx";
import { zodResolver } from "../../../lib/zod-resolver.ts";
import { scheduleTimeOptions, timeLabel } from "../../clinic/appointments/format.ts";
import { createSpecialDay, updateSpecialDay } from "./api.ts";
import { placeUnder, useDialogSave, useFieldText } from "./dialog-save.ts";

type SpecialDayValues = z.output<typeof bookingSpecialDayInputSchema>;
const TIMES = scheduleTimeOptions();
/** The "who" choice's value for everyone at the location (a provider's is their id). */
const EVERYONE = "everyone";

const initial = (day: BookingSpecialDay | null, locationId: number): BookingSpecialDayInput => ({
  locationId,
  providerId: day?.provider?.id ?? null,
  date: day?.date ?? "",
  closed: day?.closed ?? true,
  start: day?.start ?? null,
  end: day?.end ?? null,
  note: day?.note ?? "",
});

/** Add or change a holiday or other hours on one date, for everyone at the location or one provider. */
export function SpecialDayDialog({
  open,
  day,
  locationId,
  providers,
  today,
  onClose,
}: {
  open: boolean;
  day: BookingSpecialDay | null;
  locationId: number;
  providers: readonly BookingProvider[];
  today: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<BookingSpecialDayInput, unknown, SpecialDayValues>({
    resolver: zodResolver(bookingSpecialDayInputSchema),
    defaultValues: initial(null, locationId),
  });
  const { reset, setValue } = form;
  useEffect(() => {
    if (open) reset(initial(day, locationId));
  }, [open, day, locationId, reset]);
  const saving = useDialogSave((input: SpecialDayValues) => (day ? updateSpecialDay(day.id, input) : createSpecialDay(input)), {
    form,
    place: placeUnder(["providerId", "date", "closed", "start", "end", "note"]),
    session: open && (day?.id ?? "new"),
    success: (saved) => t(day ? "bookingSetup.specialDays.updated" : "bookingSetup.specialDays.created", { date: saved.date }),
    onSaved: () => onClose(),
  });
  const text = useFieldText(form);
  const closed = form.watch("closed");
  // Other hours start from a working day's; a day off has none.
  useEffect(() => {
    if (closed) {
      setValue("start", null);
      setValue("end", null);
    } else {
      if (!form.getValues("start")) setValue("start", "09:00");
      if (!form.getValues("end")) setValue("end", "14:00");
    }
  }, [closed, setValue, form]);
  const time = (name: "start" | "end", label: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <TextField
          select
          required
          label={label}
          name={field.name}
          value={field.value ?? ""}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={!!text(name)}
          helperText={text(name)}
          sx={{ flex: 1, minWidth: 0 }}
        >
          {TIMES.map((option) => (
            <MenuItem key={option} value={option}>
              {timeLabel(option)}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={day ? t("bookingSetup.specialDays.edit") : t("bookingSetup.specialDays.add")}
      onSubmit={form.handleSubmit((values) => saving.save(values))}
      pending={saving.pending}
      problem={saving.problem}
      phoneFullScreen
    >
      <Controller
        control={form.control}
        name="date"
        render={({ field }) => (
          <DateField
            label={t("bookingSetup.specialDays.date")}
            required
            name={field.name}
            value={field.value ?? ""}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            minDate={today}
            error={!!text("date")}
            helperText={text("date")}
          />
        )}
      />
      <Controller
        control={form.control}
        name="providerId"
        render={({ field }) => (
          <TextField
            select
            label={t("bookingSetup.specialDays.who")}
            name={field.name}
            value={field.value ?? EVERYONE}
            onChange={(event) => field.onChange(event.target.value === EVERYONE ? null : event.target.value)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={!!text("providerId")}
            helperText={text("providerId") ?? t("bookingSetup.specialDays.whoHint")}
          >
            <MenuItem value={EVERYONE}>{t("bookingSetup.specialDays.everyone")}</MenuItem>
            {providers.map((provider) => (
              <MenuItem key={provider.id} value={provider.id}>
                {provider.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <SwitchField control={form.control} name="closed" label={t("bookingSetup.specialDays.closedLabel")} hint={t("bookingSetup.specialDays.closedHint")} />
      {closed ? null : (
        <Stack direction="row" spacing={2}>
          {time("start", t("bookingSetup.start"))}
          {time("end", t("bookingSetup.end"))}
        </Stack>
      )}
      <TextField
        label={t("bookingSetup.specialDays.note")}
        {...form.register("note")}
        error={!!text("note")}
        helperText={text("note") ?? t("bookingSetup.specialDays.noteHint")}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
    </FormDialog>
  );
}
