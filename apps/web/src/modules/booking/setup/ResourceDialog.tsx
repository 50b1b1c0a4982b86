import {
  BOOKING_LIMITS,
  BOOKING_RESOURCE_KINDS,
  type BookingLocation,
  type BookingResource,
  type BookingResourceInput,
  bookingResourceInputSchema,
} from "@clinic/shared";
import { FormControl, FormControlLabel, FormHelperText, FormLabel, MenuItem, Radio, RadioGroup, Stack, Switch, TextField } from "@mui/material";
import { useEffect, useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { FormDialog } from "../../../lib/components/FormDialog.tsx";
import { zodResolver } from "../../../lib/zod-resolver.ts";
import { createResource, updateResource } from "./api.ts";
import { placeUnder, useDialogSave, useFieldText } from "./dialog-save.ts";

type ResourceValues = z.output<typeof bookingResourceInputSchema>;

const initial = (resource: BookingResource | null, locationId: number): BookingResourceInput => ({
  locationId: resource?.locationId ?? locationId,
  name: resource?.name ?? "",
  kind: resource?.kind ?? "equipment",
  quantity: resource?.quantity ?? 1,
  active: resource?.active ?? true,
});

/** Add a room or a device with how many the location has, or change `resource`. */
export function ResourceDialog({
  open,
  resource,
  locations,
  locationId,
  onClose,
}: {
  open: boolean;
  resource: BookingResource | null;
  locations: readonly BookingLocation[];
  /** Where a new one goes unless changed (the location the screen shows). */
  locationId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const kindId = useId();
  const form = useForm<BookingResourceInput, unknown, ResourceValues>({
    resolver: zodResolver(bookingResourceInputSchema),
    defaultValues: initial(null, locationId),
  });
  const { reset } = form;
  useEffect(() => {
    if (open) reset(initial(resource, locationId));
  }, [open, resource, locationId, reset]);
  const saving = useDialogSave((input: ResourceValues) => (resource ? updateResource(resource.id, input) : createResource(input)), {
    form,
    place: placeUnder(["locationId", "name", "kind", "quantity"]),
    session: open && (resource?.id ?? "new"),
    success: (saved) => t(resource ? "bookingSetup.equipment.updated" : "bookingSetup.equipment.created", { name: saved.name }),
    onSaved: () => onClose(),
  });
  const text = useFieldText(form);
  // Variations need it at its location: the server refuses a move, so the field says so at once.
  const pinned = resource !== null && resource.variations > 0;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={resource ? t("bookingSetup.equipment.edit") : t("bookingSetup.equipment.add")}
      onSubmit={form.handleSubmit((values) => saving.save(values))}
      pending={saving.pending}
      problem={saving.problem}
      phoneFullScreen
    >
      <TextField
        label={t("bookingSetup.equipment.name")}
        required
        {...form.register("name")}
        error={!!text("name")}
        helperText={text("name") ?? t("bookingSetup.equipment.nameHint")}
        slotProps={{ htmlInput: { maxLength: 120 } }}
      />
      <Controller
        control={form.control}
        name="kind"
        render={({ field }) => (
          <FormControl>
            <FormLabel id={kindId}>{t("bookingSetup.equipment.kind")}</FormLabel>
            <RadioGroup row aria-labelledby={kindId} value={field.value} onChange={(event) => field.onChange(event.target.value)}>
              {BOOKING_RESOURCE_KINDS.map((kind) => (
                <FormControlLabel key={kind} value={kind} control={<Radio />} label={t(`bookingShared.kinds.${kind}`)} />
              ))}
            </RadioGroup>
          </FormControl>
        )}
      />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <Controller
          control={form.control}
          name="locationId"
          render={({ field }) => (
            <TextField
              select
              required
              label={t("bookingSetup.location")}
              name={field.name}
              value={field.value}
              onChange={(event) => field.onChange(Number(event.target.value))}
              onBlur={field.onBlur}
              inputRef={field.ref}
              disabled={pinned}
              error={!!text("locationId")}
              helperText={text("locationId") ?? (pinned ? t("bookingSetup.equipment.pinned") : undefined)}
              sx={{ flex: 2, minWidth: 0 }}
            >
              {locations.map((location) => (
                <MenuItem key={location.id} value={location.id}>
                  {location.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <TextField
          type="number"
          label={t("bookingSetup.equipment.quantity")}
          required
          {...form.register("quantity", { valueAsNumber: true })}
          error={!!text("quantity")}
          helperText={text("quantity") ?? t("bookingSetup.equipment.quantityHint", { max: BOOKING_LIMITS.quantityMax })}
          slotProps={{ htmlInput: { min: 1, max: BOOKING_LIMITS.quantityMax, step: 1 } }}
          sx={{ flex: 1, minWidth: 0 }}
        />
      </Stack>
      <Controller
        control={form.control}
        name="active"
        render={({ field }) => (
          <div>
            <FormControlLabel
              control={<Switch checked={field.value ?? true} onChange={(event) => field.onChange(event.target.checked)} />}
              label={t("bookingSetup.equipment.activeLabel")}
            />
            <FormHelperText sx={{ mt: 0 }}>{t("bookingSetup.equipment.activeHint")}</FormHelperText>
          </div>
        )}
      />
    </FormDialog>
  );
}
