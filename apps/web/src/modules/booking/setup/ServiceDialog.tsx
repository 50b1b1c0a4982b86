import type { BookingLocation, BookingService, BookingServiceInput } from "@clinic/shared";
import { Divider, MenuItem, TextField } from "@mui/material";
import { useEffect, useMemo } from "react";
import { Controller, type Resolver, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../lib/components/FormDialog.tsx";
import { SwitchField } from "../../../lib/components/SwitchField.tsx";
import { zodResolver } from "../../../lib/zod-resolver.ts";
import { createService, publicBookingUrl, updateService, useProviders, useResources, useSettings } from "./api.ts";
import { useDialogSave, useFieldText } from "./dialog-save.ts";
import { ProvidersField } from "./ProvidersField.tsx";
import { placeService, type ServiceValues, serviceBody, serviceFormSchema, serviceValues, suggestSlug } from "./service-form.ts";
import { VariationsField } from "./VariationsField.tsx";

/**
 * Add a service, or change `service`: its name, description, public address, location, whether it
 * is offered, its providers in order, and its variations, saved together.
 */
export function ServiceDialog({
  open,
  service,
  locations,
  location,
  currency,
  onClose,
}: {
  open: boolean;
  service: BookingService | null;
  locations: readonly BookingLocation[];
  /** The location on screen: a new service's, unless changed. */
  location: BookingLocation;
  currency: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const priceMessage = t("bookingSetup.services.priceInvalid");
  const resolver = useMemo(() => zodResolver(serviceFormSchema(currency, priceMessage)) as unknown as Resolver<ServiceValues>, [currency, priceMessage]);
  const form = useForm<ServiceValues>({
    resolver,
    defaultValues: serviceValues(null, { locationId: location.id, bufferBeforeMinutes: 0, bufferAfterMinutes: 0 }, currency, i18n.language),
  });
  const locationId = form.watch("locationId");
  const chosen = locations.find((one) => one.id === locationId) ?? location;
  // An admin's locations are of many clinics: providers and default buffers are the chosen location's clinic's.
  const settings = useSettings(chosen.clinicId, open);
  const providers = useProviders(chosen.clinicId, open);
  const resources = useResources(chosen.id);
  const buffers = {
    locationId: location.id,
    bufferBeforeMinutes: settings.data?.bufferBeforeMinutes ?? 0,
    bufferAfterMinutes: settings.data?.bufferAfterMinutes ?? 0,
  };
  const { reset } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts again when the dialog opens, not on a language switch or a refetch.
  useEffect(() => {
    if (open) reset(serviceValues(service, buffers, currency, i18n.language));
  }, [open, service, reset]);
  const saving = useDialogSave((input: BookingServiceInput) => (service ? updateService(service.id, input) : createService(input)), {
    form,
    place: placeService,
    session: open && (service?.id ?? "new"),
    success: (saved) => t(service ? "bookingSetup.services.updated" : "bookingSetup.services.created", { name: saved.name }),
    onSaved: () => onClose(),
  });
  const text = useFieldText(form);
  const slug = form.watch("slug");
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={service ? t("bookingSetup.services.edit") : t("bookingSetup.services.add")}
      onSubmit={form.handleSubmit((values) => saving.save(serviceBody(values, currency)))}
      pending={saving.pending}
      problem={saving.problem}
      maxWidth="md"
      phoneFullScreen
    >
      <TextField
        label={t("bookingSetup.services.name")}
        required
        {...form.register("name", {
          // A new service's address follows its name until it is typed in itself.
          onChange: (event) => {
            if (!service && !form.getFieldState("slug").isDirty) form.setValue("slug", suggestSlug(event.target.value));
          },
        })}
        error={!!text("name")}
        helperText={text("name")}
        slotProps={{ htmlInput: { maxLength: 120 } }}
      />
      <TextField
        label={t("bookingSetup.services.description")}
        required
        multiline
        minRows={2}
        {...form.register("description")}
        error={!!text("description")}
        helperText={text("description") ?? t("bookingSetup.services.descriptionHint")}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      <TextField
        label={t("bookingSetup.services.slug")}
        required
        {...form.register("slug")}
        error={!!text("slug")}
        helperText={text("slug") ?? t("bookingSetup.services.slugHint", { url: publicBookingUrl(slug || "…") })}
        // The name fills it in from outside the input: its label must stay above.
        slotProps={{ htmlInput: { maxLength: 80, autoCapitalize: "none", spellCheck: false }, inputLabel: { shrink: true } }}
      />
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
            onChange={(event) => {
              field.onChange(Number(event.target.value));
              // Rooms and equipment are a location's own: another location's cannot be kept.
              form.getValues("variations").forEach((_, index) => {
                form.setValue(`variations.${index}.resourceIds`, []);
              });
            }}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={!!text("locationId")}
            helperText={text("locationId")}
          >
            {locations.map((one) => (
              <MenuItem key={one.id} value={one.id}>
                {one.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <SwitchField control={form.control} name="active" label={t("bookingSetup.services.activeLabel")} hint={t("bookingSetup.services.activeHint")} />
      <Divider />
      <Controller
        control={form.control}
        name="providerIds"
        render={({ field }) => <ProvidersField value={field.value} onChange={field.onChange} providers={providers.data ?? []} error={text("providerIds")} />}
      />
      <Divider />
      <VariationsField form={form} currency={currency} resources={resources.data ?? []} defaults={buffers} />
    </FormDialog>
  );
}
