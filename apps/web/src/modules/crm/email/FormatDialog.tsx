import {
  CRM_EMAIL_LIMITS,
  CRM_EMAIL_TEMPLATES,
  CRM_EMAIL_VARIABLES,
  type CrmEmailFormat,
  type CrmEmailFormatInput,
  crmEmailFormatInputSchema,
  type CrmEmailVariable,
} from "@clinic/shared";
import { Box, Chip, FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from "@mui/material";
import { type SyntheticEvent, useEffect, useRef, useState } from "react";
import { type Control, Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { FormDialog } from "../../../lib/components/FormDialog.tsx";
import { RichTextField } from "../../../lib/components/RichTextField.tsx";
import type { PickerOption } from "../../../lib/components/SearchPicker.tsx";
import { SwitchField } from "../../../lib/components/SwitchField.tsx";
import { applyFieldErrors } from "../../../lib/forms.ts";
import { useAction } from "../../../lib/resource.ts";
import { zodResolver } from "../../../lib/zod-resolver.ts";
import { ClinicPicker } from "../../people/Pickers.tsx";
import { createFormat, EVERY_EMAIL_LIST, updateFormat } from "./api.ts";
import { appendVariableToHtml, emailText, insertVariable } from "./email-text.ts";

type Values = z.output<typeof crmEmailFormatInputSchema>;
const FIELDS = ["name", "description", "subject", "fromName", "fromEmail", "replyTo", "html", "template", "trackOpens", "trackClicks"] as const;

const initial = (format: CrmEmailFormat | null): CrmEmailFormatInput => ({
  name: format?.name ?? "",
  description: format?.description ?? "",
  subject: format?.subject ?? "",
  fromName: format?.fromName ?? "",
  fromEmail: format?.fromEmail ?? "",
  replyTo: format?.replyTo ?? "",
  html: format?.html ?? "",
  template: format?.template ?? "plain",
  trackOpens: format?.trackOpens ?? false,
  trackClicks: format?.trackClicks ?? false,
});

/**
 * Add an email format (spec §3: name, description, body, sender's name and address, Reply-To,
 * subject, template), or change `format`. The body is written in the rich-text editor or, with
 * the switch, as HTML; the variables' chips put `{{name}}` where the subject or body was last
 * being written.
 */
export function FormatDialog({
  open,
  format,
  choosesClinic,
  onClose,
}: {
  open: boolean;
  format: CrmEmailFormat | null;
  choosesClinic: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const [clinic, setClinic] = useState<PickerOption | null>(null);
  const [rawHtml, setRawHtml] = useState(false);
  /** Where a variable goes: the subject or the body, as last focused, and the cursor there. */
  const target = useRef<{ field: "subject" | "html"; at: number | null }>({ field: "html", at: null });
  const form = useForm<CrmEmailFormatInput, unknown, Values>({ resolver: zodResolver(crmEmailFormatInputSchema), defaultValues: initial(null) });
  const { reset } = form;
  useEffect(() => {
    if (open) {
      reset(initial(format));
      setProblem(null);
      setClinic(null);
      setRawHtml(false);
      target.current = { field: "html", at: null };
    }
  }, [open, format, reset]);
  const save = useAction((values: Values) => (format ? updateFormat(format.id, values) : createFormat(values, choosesClinic ? clinic?.id : null)), {
    invalidate: EVERY_EMAIL_LIST,
    success: () => t(format ? "crmEmail.notices.formatEdited" : "crmEmail.notices.formatCreated"),
    onFieldErrors: (fields) => {
      const rest = applyFieldErrors(form.setError, fields, FIELDS);
      setProblem(rest.length > 0 ? rest.map((message) => emailText(t, message)).join(" ") : null);
    },
    onSuccess: () => onClose(),
  });
  const errors = form.formState.errors;
  const text = (name: (typeof FIELDS)[number]) => {
    const message = errors[name]?.message;
    return typeof message === "string" && message ? emailText(t, message) : undefined;
  };
  const remember = (field: "subject" | "html") => (event: SyntheticEvent) => {
    target.current = { field, at: (event.target as HTMLInputElement | HTMLTextAreaElement).selectionStart ?? null };
  };
  // Where the cursor is after focusing, typing, clicking or selecting: `select` alone fires only
  // when text is selected, so a variable chosen after typing went to where the field was entered.
  const cursorOf = (field: "subject" | "html") => {
    const handler = remember(field);
    return { onSelect: handler, onFocus: handler, onInput: handler, onKeyUp: handler, onMouseUp: handler };
  };
  // The switches read the parsed values' booleans (the input type has them optional, with defaults).
  const switches = form.control as unknown as Control<Values>;
  const putVariable = (name: CrmEmailVariable) => {
    const { field, at } = target.current;
    const current = form.getValues(field) ?? "";
    const next = field === "html" && !rawHtml ? appendVariableToHtml(current, name) : insertVariable(current, name, at).text;
    form.setValue(field, next, { shouldDirty: true });
    if (field !== "html" || rawHtml) target.current = { field, at: insertVariable(current, name, at).cursor };
  };
  const field = (name: "name" | "subject" | "fromName" | "fromEmail" | "replyTo", max: number, type = "text") => (
    <TextField
      label={t(`crmEmail.fields.${name}`)}
      required
      type={type}
      {...form.register(name)}
      error={!!text(name)}
      helperText={text(name)}
      slotProps={{ htmlInput: { maxLength: max } }}
      {...(name === "subject" ? cursorOf("subject") : {})}
    />
  );
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={format ? t("crmEmail.formats.edit") : t("crmEmail.formats.add")}
      onSubmit={form.handleSubmit((values) => {
        setProblem(null);
        save.mutate(values);
      })}
      pending={save.isPending}
      problem={problem}
      submitDisabled={!format && choosesClinic && !clinic}
      maxWidth="md"
      phoneFullScreen
    >
      {!format && choosesClinic ? <ClinicPicker label={t("crmEmail.fields.clinic")} required value={clinic} onChange={setClinic} /> : null}
      {field("name", CRM_EMAIL_LIMITS.nameMax)}
      <TextField
        label={t("crmEmail.fields.description")}
        required
        multiline
        minRows={2}
        {...form.register("description")}
        error={!!text("description")}
        helperText={text("description")}
        slotProps={{ htmlInput: { maxLength: CRM_EMAIL_LIMITS.descriptionMax } }}
      />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <Box sx={{ flex: 1 }}>{field("fromName", CRM_EMAIL_LIMITS.fromNameMax)}</Box>
        <Box sx={{ flex: 1 }}>{field("fromEmail", 254, "email")}</Box>
      </Stack>
      {field("replyTo", 254, "email")}
      {field("subject", CRM_EMAIL_LIMITS.subjectMax)}
      <Controller
        control={form.control}
        name="template"
        render={({ field: template }) => (
          <TextField
            select
            label={t("crmEmail.fields.template")}
            value={template.value}
            onChange={template.onChange}
            helperText={t("crmEmail.formats.templateHint")}
          >
            {CRM_EMAIL_TEMPLATES.map((name) => (
              <MenuItem key={name} value={name}>
                {t(`crmEmail.templates.${name}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Box>
        <Typography component="h3" variant="subtitle2" id="crm-email-variables">
          {t("crmEmail.formats.variables")}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t("crmEmail.formats.variablesHint")}
        </Typography>
        <Stack direction="row" useFlexGap sx={{ flexWrap: "wrap", gap: 1 }} role="group" aria-labelledby="crm-email-variables">
          {CRM_EMAIL_VARIABLES.map((name) => (
            <Chip
              key={name}
              label={`{{${name}}}`}
              onClick={() => putVariable(name)}
              variant="outlined"
              // The name starts with the chip's visible text (WCAG 2.5.3, label in name), then says what it does.
              aria-label={`{{${name}}}: ${t("crmEmail.formats.insert", { name: t(`crmEmail.variables.${name}`) })}`}
            />
          ))}
        </Stack>
      </Box>
      <FormControlLabel control={<Switch checked={rawHtml} onChange={(event) => setRawHtml(event.target.checked)} />} label={t("crmEmail.formats.rawHtml")} />
      {rawHtml ? (
        <Controller
          control={form.control}
          name="html"
          render={({ field: html }) => (
            <TextField
              label={t("crmEmail.fields.html")}
              required
              multiline
              minRows={8}
              value={html.value}
              onChange={html.onChange}
              onBlur={html.onBlur}
              inputRef={html.ref}
              {...cursorOf("html")}
              error={!!text("html")}
              helperText={text("html") ?? t("crmEmail.formats.rawHtmlHint")}
              slotProps={{ htmlInput: { style: { fontFamily: "monospace" } } }}
            />
          )}
        />
      ) : (
        <Box onFocusCapture={() => (target.current = { field: "html", at: null })}>
          <RichTextField
            control={form.control}
            name="html"
            label={t("crmEmail.fields.html")}
            max={CRM_EMAIL_LIMITS.bodyMax}
            required
            images={false}
            minHeight={200}
            translateError={(message) => emailText(t, message)}
          />
        </Box>
      )}
      <SwitchField control={switches} name="trackOpens" label={t("crmEmail.fields.trackOpens")} hint={t("crmEmail.formats.trackOpensHint")} />
      <SwitchField control={switches} name="trackClicks" label={t("crmEmail.fields.trackClicks")} hint={t("crmEmail.formats.trackClicksHint")} />
    </FormDialog>
  );
}
