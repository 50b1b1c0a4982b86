import { EVENT_LIMITS, type EventDetail } from "@clinic/shared";
import { Stack, TextField } from "@mui/material";
import { Controller, type UseFormReturn, useFieldArray } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DateTimeField } from "../../../lib/components/DateTimeField.tsx";
import { MoneyField } from "../../../lib/components/MoneyField.tsx";
import { BilingualTextFields, EditorRowCard, EditorRowsFooter, EditorSection as Section, type FieldText } from "../../../lib/components/EditorSection.tsx";
import { type EventFormValues, newTicketRow } from "./event-form.ts";

type SalesField = "salesStart" | "salesEnd";

/**
 * The event's ticket types, a card each: name in both languages, price in the event's currency
 * (0 is free), an optional capacity of its own and an optional sales window (in the event's
 * zone). A ticket type that holds registrations cannot be removed (the server refuses it too);
 * there is always at least one.
 */
export function TicketTypesEditor({
  form,
  currency,
  event,
  text,
}: {
  form: UseFormReturn<EventFormValues>;
  currency: string;
  event: EventDetail | null;
  text: FieldText;
}) {
  const { t } = useTranslation();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "ticketTypes", keyName: "key" });
  const takenOf = (id: number | undefined) => (id === undefined ? 0 : (event?.ticketTypes.find((ticket) => ticket.id === id)?.taken ?? 0));

  const salesField = (index: number, name: SalesField) => {
    const path = `ticketTypes.${index}.${name}` as const;
    return (
      <Controller
        control={form.control}
        name={path}
        render={({ field }) => (
          <DateTimeField
            label={t(`events.fields.${name}`)}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={!!text(path)}
            helperText={text(path)}
            sx={{ width: "100%" }}
          />
        )}
      />
    );
  };

  return (
    <Section title={t("events.tickets.title")} hint={t("events.tickets.hint")}>
      {fields.map((field, index) => {
        const row = index + 1;
        const taken = takenOf(field.id);
        const at = (column: string) => `ticketTypes.${index}.${column}` as const;
        const removeLabel = taken > 0 ? t("events.tickets.inUse", { row, count: taken }) : t("events.tickets.remove", { row });
        return (
          <EditorRowCard
            key={field.key}
            title={t("events.tickets.row", { row })}
            note={taken > 0 ? t("events.tickets.taken", { count: taken }) : undefined}
            removeLabel={removeLabel}
            onRemove={() => remove(index)}
            removeDisabled={fields.length <= 1 || taken > 0}
          >
            <BilingualTextFields
              labels={{ en: t("events.fields.ticketNameEn"), es: t("events.fields.ticketNameEs") }}
              register={(language) => form.register(`ticketTypes.${index}.name.${language}`)}
              errors={{ en: text(at("name.en")), es: text(at("name.es")) }}
              maxLength={EVENT_LIMITS.ticketName}
            />
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              <MoneyField
                currency={currency}
                label={t("events.fields.price")}
                required
                fullWidth
                {...form.register(`ticketTypes.${index}.priceCents`)}
                error={!!text(at("priceCents"))}
                helperText={text(at("priceCents")) ?? t("events.tickets.priceHint")}
              />
              <TextField
                label={t("events.fields.ticketCapacity")}
                fullWidth
                {...form.register(`ticketTypes.${index}.capacity`)}
                error={!!text(at("capacity"))}
                helperText={text(at("capacity")) ?? t("events.tickets.capacityHint")}
                slotProps={{ htmlInput: { inputMode: "numeric", autoComplete: "off" } }}
              />
            </Stack>
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              {salesField(index, "salesStart")}
              {salesField(index, "salesEnd")}
            </Stack>
          </EditorRowCard>
        );
      })}
      <EditorRowsFooter
        error={text("ticketTypes")}
        addLabel={t("events.tickets.add")}
        onAdd={() => append(newTicketRow())}
        addDisabled={fields.length >= EVENT_LIMITS.ticketTypes}
      />
    </Section>
  );
}
