import { type BookingLocation, type BookingLocationInput, bookingLocationInputSchema } from "@clinic/shared";
import { Autocomplete, TextField } from "@mui/material";
import { useEffect, useMemo } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { FormDialog } from "../../../lib/components/FormDialog.tsx";
import { zodResolver } from "../../../lib/zod-resolver.ts";
import { createLocation, updateLocation } from "./api.ts";
import { placeUnder, useDialogSave, useFieldText } from "./dialog-save.ts";
import { browserTimeZone, timeZoneOptions } from "../../../lib/zoned-time.ts";

type LocationValues = z.output<typeof bookingLocationInputSchema>;

const initial = (location: BookingLocation | null): BookingLocationInput => ({
  name: location?.name ?? "",
  address: location?.address ?? "",
  timeZone: location?.timeZone ?? browserTimeZone(),
});

/** Add a location of `clinicId` (an admin's chosen clinic; null for staff: their own), or change `location`. */
export function LocationDialog({
  open,
  location,
  clinicId,
  onClose,
}: {
  open: boolean;
  location: BookingLocation | null;
  clinicId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<BookingLocationInput, unknown, LocationValues>({ resolver: zodResolver(bookingLocationInputSchema), defaultValues: initial(null) });
  const { reset } = form;
  useEffect(() => {
    if (open) reset(initial(location));
  }, [open, location, reset]);
  const saving = useDialogSave(
    (input: LocationValues) => (location ? updateLocation(location.id, input) : createLocation(clinicId ? { ...input, clinicId } : input)),
    {
      form,
      place: placeUnder(["name", "address", "timeZone"]),
      session: open && (location?.id ?? "new"),
      success: (saved) => t(location ? "bookingSetup.locations.updated" : "bookingSetup.locations.created", { name: saved.name }),
      onSaved: () => onClose(),
    },
  );
  const text = useFieldText(form);
  const zone = form.watch("timeZone");
  const zones = useMemo(() => timeZoneOptions(zone), [zone]);
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={location ? t("bookingSetup.locations.edit") : t("bookingSetup.locations.add")}
      onSubmit={form.handleSubmit((values) => saving.save(values))}
      pending={saving.pending}
      problem={saving.problem}
      phoneFullScreen
    >
      <TextField
        label={t("bookingSetup.locations.name")}
        required
        {...form.register("name")}
        error={!!text("name")}
        helperText={text("name")}
        slotProps={{ htmlInput: { maxLength: 120 } }}
      />
      <TextField
        label={t("bookingSetup.locations.address")}
        multiline
        minRows={2}
        {...form.register("address")}
        error={!!text("address")}
        helperText={text("address") ?? t("bookingSetup.locations.addressHint")}
        slotProps={{ htmlInput: { maxLength: 500 } }}
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
            renderInput={(params) => (
              <TextField
                {...params}
                label={t("bookingSetup.locations.timeZone")}
                required
                error={!!text("timeZone")}
                helperText={text("timeZone") ?? t("bookingSetup.locations.timeZoneHint")}
              />
            )}
          />
        )}
      />
    </FormDialog>
  );
}
