import { BOOKING_LIMITS, type BookingResource } from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import { Autocomplete, Box, Button, Card, CardContent, FormControlLabel, FormHelperText, Stack, Switch, TextField, Typography } from "@mui/material";
import { Controller, type UseFormReturn, useFieldArray } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { RowButton } from "../../../lib/components/RowButtons.tsx";
import { MoneyField } from "../../../lib/components/MoneyField.tsx";
import { useFieldText } from "./dialog-save.ts";
import { newVariation, type ServiceDefaults, type ServiceValues } from "./service-form.ts";

type MinutesName = "durationMinutes" | "bufferBeforeMinutes" | "bufferAfterMinutes";

/**
 * A service's variations, each a card: its name, length, buffers before and after, price, the
 * rooms and equipment it holds (of the service's location) and whether it is offered. Saved ones
 * keep their id, so their bookings stay theirs.
 */
export function VariationsField({
  form,
  currency,
  resources,
  defaults,
}: {
  form: UseFormReturn<ServiceValues>;
  currency: string;
  resources: readonly BookingResource[];
  defaults: ServiceDefaults;
}) {
  const { t } = useTranslation();
  const text = useFieldText(form);
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "variations", keyName: "key" });
  const listError = text("variations");
  const minutes = (index: number, name: MinutesName, label: string, hint?: string) => {
    const path = `variations.${index}.${name}` as const;
    return (
      <TextField
        type="number"
        size="small"
        label={label}
        required
        {...form.register(path, { valueAsNumber: true })}
        error={!!text(path)}
        helperText={text(path) ?? hint}
        slotProps={{ htmlInput: { min: 0, step: 5 } }}
        sx={{ flex: 1, minWidth: 0 }}
      />
    );
  };
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t("bookingSetup.services.variations")}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t("bookingSetup.services.variationsHint")}
      </Typography>
      <Stack spacing={1.5}>
        {fields.map((field, index) => {
          const number = index + 1;
          return (
            <Card key={field.key} variant="outlined" role="group" aria-labelledby={`variation-${field.key}`}>
              <CardContent>
                <Stack spacing={2}>
                  <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between" }}>
                    <Typography id={`variation-${field.key}`} component="h3" variant="subtitle2">
                      {t("bookingSetup.services.variationNumber", { number })}
                    </Typography>
                    <RowButton label={t("bookingSetup.services.removeVariation", { number })} onClick={() => remove(index)} color="error">
                      <DeleteOutline fontSize="small" />
                    </RowButton>
                  </Stack>
                  <TextField
                    size="small"
                    label={t("bookingSetup.services.variationName")}
                    required
                    {...form.register(`variations.${index}.name`)}
                    error={!!text(`variations.${index}.name`)}
                    helperText={text(`variations.${index}.name`) ?? t("bookingSetup.services.variationNameHint")}
                    slotProps={{ htmlInput: { maxLength: 120 } }}
                  />
                  <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
                    {minutes(index, "durationMinutes", t("bookingSetup.services.duration"), t("bookingSetup.services.durationHint"))}
                    <MoneyField
                      currency={currency}
                      size="small"
                      label={t("bookingSetup.services.price")}
                      required
                      {...form.register(`variations.${index}.price`)}
                      error={!!text(`variations.${index}.price`)}
                      helperText={text(`variations.${index}.price`)}
                      sx={{ flex: 1, minWidth: 0 }}
                    />
                  </Stack>
                  <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
                    {minutes(index, "bufferBeforeMinutes", t("bookingSetup.services.bufferBefore"))}
                    {minutes(index, "bufferAfterMinutes", t("bookingSetup.services.bufferAfter"))}
                  </Stack>
                  <Controller
                    control={form.control}
                    name={`variations.${index}.resourceIds`}
                    render={({ field: resourceField }) => {
                      const chosen = resourceField.value ?? [];
                      // Switched-off ones stay listed while a variation still names them.
                      const options = resources.filter((resource) => resource.active || chosen.includes(resource.id));
                      return (
                        <Autocomplete
                          multiple
                          size="small"
                          options={options.map((resource) => resource.id)}
                          getOptionLabel={(id) => resources.find((resource) => resource.id === id)?.name ?? String(id)}
                          value={chosen}
                          onChange={(_, value) => resourceField.onChange(value)}
                          onBlur={resourceField.onBlur}
                          getOptionDisabled={() => chosen.length >= BOOKING_LIMITS.resourcesPerVariationMax}
                          noOptionsText={t("bookingSetup.services.noResources")}
                          renderInput={(params) => (
                            <TextField
                              {...params}
                              label={t("bookingSetup.services.resources")}
                              error={!!text(`variations.${index}.resourceIds`)}
                              helperText={text(`variations.${index}.resourceIds`) ?? t("bookingSetup.services.resourcesHint")}
                            />
                          )}
                        />
                      );
                    }}
                  />
                  <Controller
                    control={form.control}
                    name={`variations.${index}.active`}
                    render={({ field: activeField }) => (
                      <FormControlLabel
                        control={<Switch checked={activeField.value} onChange={(event) => activeField.onChange(event.target.checked)} />}
                        label={t("bookingSetup.services.variationActive")}
                      />
                    )}
                  />
                </Stack>
              </CardContent>
            </Card>
          );
        })}
      </Stack>
      {listError ? <FormHelperText error>{listError}</FormHelperText> : null}
      <Button startIcon={<AddIcon />} onClick={() => append(newVariation(defaults))} disabled={fields.length >= BOOKING_LIMITS.variationsMax} sx={{ mt: 1 }}>
        {t("bookingSetup.services.addVariation")}
      </Button>
    </Box>
  );
}
