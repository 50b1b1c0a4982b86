import { EVENT_LIMITS, type EventDetail } from "@clinic/shared";
import { Autocomplete, MenuItem, Stack, TextField } from "@mui/material";
import { useMemo, useState } from "react";
import { Controller, type Path, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DateTimeField } from "../../../lib/components/DateTimeField.tsx";
import { FormDialog } from "../../../lib/components/FormDialog.tsx";
import { RichTextField } from "../../../lib/components/RichTextField.tsx";
import type { PickerOption } from "../../../lib/components/SearchPicker.tsx";
import { useEditorDialog } from "../../../lib/editor-dialog.ts";
import { ClinicPicker } from "../../people/Pickers.tsx";
import { createEvent, EVERY_EVENT_LIST, updateEvent } from "./api.ts";
import { EditorSection as Section, type FieldText } from "../../../lib/components/EditorSection.tsx";
import { CURRENCIES, type EventFormValues, eventBody, eventFormValues, eventPlacement, eventResolver } from "./event-form.ts";
import { eventMessage, fieldMessage } from "./format.ts";
import { QuestionsEditor } from "./QuestionsEditor.tsx";
import { TicketTypesEditor } from "./TicketTypesEditor.tsx";
import { timeZoneOptions } from "../../../lib/zoned-time.ts";

/** A wall-clock field of the form, in the event's zone. */
function TimeField({ form, name, label, text }: { form: UseFormReturn<EventFormValues>; name: "startsAt" | "endsAt"; label: string; text: FieldText }) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <DateTimeField
          label={label}
          required
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={!!text(name)}
          helperText={text(name)}
          sx={{ width: "100%" }}
        />
      )}
    />
  );
}

/**
 * Add an event, or change `event`: its title and description in both languages, when and where
 * (times on the wall clock of the event's zone), places and payment rules, ticket types and the
 * registration form's questions. A platform admin adding one first names its clinic. A 400's
 * messages land on their fields (`ticketTypes.0.salesEnd` under that row's sales end).
 */
export function EventDialog(props: {
  open: boolean;
  event: EventDetail | null;
  choosesClinic: boolean;
  onClose: () => void;
  onSaved?: (event: EventDetail) => void;
}) {
  const { open, event, choosesClinic, onClose, onSaved } = props;
  const { t, i18n } = useTranslation();
  const [clinic, setClinic] = useState<PickerOption | null>(null);
  const texts = () => ({ money: t("events.editor.errors.money"), whole: t("events.editor.errors.whole"), time: t("events.editor.errors.time") });
  // The default ticket's name in each language whose texts are in (the other is typed).
  const named = (lng: string) => (i18n.exists("events.editor.defaultTicket", { lng }) ? i18n.getFixedT(lng)("events.editor.defaultTicket") : "");
  const { form, text, dialog } = useEditorDialog({
    open,
    record: event,
    onClose,
    onSaved,
    values: (record) => eventFormValues(record, i18n.language, { en: named("en"), es: named("es") }),
    resolver: () => eventResolver(texts),
    onOpen: () => setClinic(null),
    save: (values: EventFormValues) => {
      const input = eventBody(values, texts()).payload;
      return event ? updateEvent(event.id, input) : createEvent(input, choosesClinic ? clinic?.id : null);
    },
    invalidate: EVERY_EVENT_LIST,
    success: () => t(event ? "events.notices.saved" : "events.notices.created"),
    place: eventPlacement,
    fieldMessage,
    refusalMessage: eventMessage,
    checkFields: t("events.editor.checkFields"),
  });
  const zone = form.watch("timeZone");
  const zones = useMemo(() => timeZoneOptions(zone), [zone]);
  const currency = form.watch("currency");
  const textField = (name: Path<EventFormValues>, label: string, extra: { max?: number; required?: boolean; hint?: string; numeric?: boolean } = {}) => (
    <TextField
      label={label}
      required={extra.required}
      {...form.register(name)}
      error={!!text(name)}
      helperText={text(name) ?? extra.hint}
      slotProps={{ htmlInput: { maxLength: extra.max, ...(extra.numeric ? { inputMode: "numeric", autoComplete: "off" } : {}) } }}
      fullWidth
    />
  );
  return (
    <FormDialog
      {...dialog}
      title={event ? t("events.editor.edit") : t("events.editor.add")}
      submitDisabled={!event && choosesClinic && !clinic}
      maxWidth="md"
      phoneFullScreen
    >
      {!event && choosesClinic ? <ClinicPicker label={t("events.fields.clinic")} required value={clinic} onChange={setClinic} /> : null}
      <Section title={t("events.editor.about")}>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          {textField("title.en", t("events.fields.titleEn"), { max: EVENT_LIMITS.title, required: true })}
          {textField("title.es", t("events.fields.titleEs"), { max: EVENT_LIMITS.title, required: true })}
        </Stack>
        <RichTextField
          control={form.control}
          name="description.en"
          label={t("events.fields.descriptionEn")}
          max={EVENT_LIMITS.description}
          images={false}
          translateError={(message) => fieldMessage(t, message) ?? message}
        />
        <RichTextField
          control={form.control}
          name="description.es"
          label={t("events.fields.descriptionEs")}
          max={EVENT_LIMITS.description}
          images={false}
          translateError={(message) => fieldMessage(t, message) ?? message}
        />
      </Section>
      <Section title={t("events.editor.whenWhere")} hint={t("events.editor.zoneHint")}>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <TimeField form={form} name="startsAt" label={t("events.fields.startsAt")} text={text} />
          <TimeField form={form} name="endsAt" label={t("events.fields.endsAt")} text={text} />
        </Stack>
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
                  label={t("events.fields.timeZone")}
                  required
                  error={!!text("timeZone")}
                  helperText={text("timeZone") ?? t("events.editor.timeZoneHint")}
                />
              )}
            />
          )}
        />
        {textField("venue", t("events.fields.venue"), { max: EVENT_LIMITS.venue, hint: t("events.editor.placeHint") })}
        {textField("onlineUrl", t("events.fields.onlineUrl"), { max: EVENT_LIMITS.url, hint: t("events.editor.onlineHint") })}
      </Section>
      <Section title={t("events.editor.registration")}>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          {textField("capacity", t("events.fields.capacity"), { required: true, numeric: true, hint: t("events.editor.capacityHint") })}
          <Controller
            control={form.control}
            name="currency"
            render={({ field }) => (
              <TextField select label={t("events.fields.currency")} {...field} error={!!text("currency")} helperText={text("currency")} fullWidth>
                {[...new Set([...CURRENCIES, field.value])].map((code) => (
                  <MenuItem key={code} value={code}>
                    {code}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Stack>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          {textField("cancelHours", t("events.fields.cancelHours"), { numeric: true, hint: t("events.editor.cancelHoursHint") })}
          {textField("holdHours", t("events.fields.holdHours"), { numeric: true, hint: t("events.editor.holdHoursHint") })}
        </Stack>
        <Controller
          control={form.control}
          name="state"
          render={({ field }) => (
            <TextField select label={t("events.fields.state")} {...field} helperText={t(`events.editor.stateHint.${field.value}`)} fullWidth>
              <MenuItem value="draft">{t("events.states.draft")}</MenuItem>
              <MenuItem value="published">{t("events.states.published")}</MenuItem>
            </TextField>
          )}
        />
      </Section>
      <TicketTypesEditor form={form} currency={currency} event={event} text={text} />
      <QuestionsEditor form={form} text={text} />
    </FormDialog>
  );
}
