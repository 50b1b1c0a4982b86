import {
  EVENT_LIMITS,
  EVENT_MESSAGES,
  type EventDetail,
  inLanguage,
  PAYMENT_PROVIDERS,
  type PaymentProviderName,
  type RegistrationDetail,
  type RegistrationInput,
} from "@clinic/shared";
import { Checkbox, FormControlLabel, FormHelperText, MenuItem, Stack, TextField } from "@mui/material";
import { useEffect, useState } from "react";
import { Controller, get, type Path, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../lib/components/FormDialog.tsx";
import { useAction } from "../../../lib/resource.ts";
import { addRegistration, EVERY_EVENT_LIST, REGISTRATIONS_RESOURCE } from "./api.ts";
import { eventMessage, fieldMessage } from "./format.ts";
import { formatMoney } from "../../../lib/money.ts";

interface AddValues {
  ticketTypeId: string;
  name: string;
  email: string;
  language: "en" | "es";
  provider: PaymentProviderName;
  answers: Record<string, string | boolean>;
}

const FIELDS = ["ticketTypeId", "name", "email", "language", "provider"];

/** The body of a staff registration: a free ticket names no provider, answers only to the event's questions. */
export function registrationInputOf(values: AddValues, event: EventDetail): RegistrationInput {
  const ticket = event.ticketTypes.find((one) => String(one.id) === values.ticketTypeId);
  const answers = Object.fromEntries(
    event.questions.map((question) => [question.id, values.answers[question.id] ?? (question.kind === "checkbox" ? false : "")]),
  );
  return {
    ticketTypeId: Number(values.ticketTypeId),
    name: values.name,
    email: values.email,
    language: values.language,
    answers,
    ...(ticket && ticket.priceCents > 0 ? { provider: values.provider } : {}),
  };
}

/**
 * Staff add someone to the event (a phone call, a walk-in): the ticket type, name, email, the
 * registration form's answers, and for a priced ticket how it is paid. Over capacity, the person
 * joins the waiting list, as on the public page. `onAdded` opens the new registration.
 */
export function AddRegistrationDialog(props: { open: boolean; event: EventDetail; onClose: () => void; onAdded: (added: RegistrationDetail) => void }) {
  const { open, event, onClose, onAdded } = props;
  const { t, i18n } = useTranslation();
  const language = i18n.language === "es" ? "es" : "en";
  const [problem, setProblem] = useState<string | null>(null);
  const initial = (): AddValues => ({
    ticketTypeId: String(event.ticketTypes[0]?.id ?? ""),
    name: "",
    email: "",
    language,
    provider: "manual",
    answers: {},
  });
  const form = useForm<AddValues>({ defaultValues: initial() });
  const { reset } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new opening starts from a blank form.
  useEffect(() => {
    if (open) {
      reset(initial());
      setProblem(null);
    }
  }, [open, reset]);
  const add = useAction((values: AddValues) => addRegistration(event.id, registrationInputOf(values, event)), {
    invalidate: EVERY_EVENT_LIST,
    adds: (added) => [{ list: [REGISTRATIONS_RESOURCE], records: [added] }],
    success: (added) => t(added.state === "waiting" ? "events.notices.addedWaiting" : "events.notices.added", { name: added.name }),
    onFieldErrors: (fields) => {
      const rest: string[] = [];
      for (const [path, messages] of Object.entries(fields)) {
        if (FIELDS.includes(path) || path.startsWith("answers.")) form.setError(path as Path<AddValues>, { type: "server", message: messages.join(" ") });
        else rest.push(...messages);
      }
      setProblem(rest.length > 0 ? rest.map((message) => eventMessage(t, message)).join(" ") : null);
    },
    onSuccess: (added) => {
      onClose();
      onAdded(added);
    },
  });
  const errors = form.formState.errors;
  const text = (path: string) => fieldMessage(t, (get(errors, path) as { message?: string } | undefined)?.message);
  const ticketId = form.watch("ticketTypeId");
  const ticket = event.ticketTypes.find((one) => String(one.id) === ticketId);
  const submit = form.handleSubmit((values) => {
    setProblem(null);
    // Required answers are checked here first, with the server's own words (it checks them again).
    let missing = false;
    for (const question of event.questions) {
      const answer = values.answers[question.id];
      if (question.required && (answer === undefined || answer === false || (typeof answer === "string" && answer.trim() === ""))) {
        form.setError(`answers.${question.id}`, {
          type: "required",
          message: question.kind === "choice" ? EVENT_MESSAGES.answerChoice : EVENT_MESSAGES.answerRequired,
        });
        missing = true;
      }
    }
    if (!values.name.trim()) {
      form.setError("name", { type: "required", message: t("forms.required") });
      missing = true;
    }
    if (!missing) add.mutate(values);
  });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t("events.registrations.addTitle")}
      onSubmit={submit}
      pending={add.isPending}
      problem={problem}
      phoneFullScreen
    >
      <Controller
        control={form.control}
        name="ticketTypeId"
        render={({ field }) => (
          <TextField select required label={t("events.fields.ticketType")} {...field} error={!!text("ticketTypeId")} helperText={text("ticketTypeId")}>
            {event.ticketTypes.map((one) => (
              <MenuItem key={one.id} value={String(one.id)}>
                {`${inLanguage(one.name, i18n.language)} · ${one.priceCents === 0 ? t("events.registrations.free") : formatMoney(one.priceCents, event.currency, i18n.language)}`}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TextField
        label={t("events.fields.name")}
        required
        {...form.register("name")}
        error={!!text("name")}
        helperText={text("name")}
        slotProps={{ htmlInput: { maxLength: EVENT_LIMITS.name } }}
      />
      <TextField
        label={t("events.fields.email")}
        required
        type="email"
        {...form.register("email")}
        error={!!text("email")}
        helperText={text("email") ?? t("events.registrations.emailHint")}
        slotProps={{ htmlInput: { maxLength: EVENT_LIMITS.email } }}
      />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <Controller
          control={form.control}
          name="language"
          render={({ field }) => (
            <TextField select label={t("events.fields.language")} {...field} fullWidth>
              <MenuItem value="en">{t("events.languages.en")}</MenuItem>
              <MenuItem value="es">{t("events.languages.es")}</MenuItem>
            </TextField>
          )}
        />
        {ticket && ticket.priceCents > 0 ? (
          <Controller
            control={form.control}
            name="provider"
            render={({ field }) => (
              <TextField select label={t("events.fields.provider")} {...field} error={!!text("provider")} helperText={text("provider")} fullWidth>
                {PAYMENT_PROVIDERS.map((one) => (
                  <MenuItem key={one} value={one}>
                    {t(`events.providers.${one}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        ) : null}
      </Stack>
      {event.questions.map((question) => {
        const path = `answers.${question.id}` as const;
        const label = inLanguage(question.label, i18n.language);
        return (
          <Controller
            key={question.id}
            control={form.control}
            name={path}
            render={({ field }) =>
              question.kind === "checkbox" ? (
                <div>
                  <FormControlLabel
                    control={<Checkbox checked={field.value === true} onChange={(change) => field.onChange(change.target.checked)} />}
                    label={question.required ? `${label} *` : label}
                  />
                  {text(path) ? <FormHelperText error>{text(path)}</FormHelperText> : null}
                </div>
              ) : (
                <TextField
                  select={question.kind === "choice"}
                  label={label}
                  required={question.required}
                  value={typeof field.value === "string" ? field.value : ""}
                  onChange={(change) => field.onChange(change.target.value)}
                  onBlur={field.onBlur}
                  error={!!text(path)}
                  helperText={text(path)}
                  multiline={question.kind === "text"}
                  slotProps={{ htmlInput: { maxLength: question.kind === "text" ? EVENT_LIMITS.answer : undefined } }}
                >
                  {question.options.map((option) => (
                    <MenuItem key={option} value={option}>
                      {option}
                    </MenuItem>
                  ))}
                </TextField>
              )
            }
          />
        );
      })}
    </FormDialog>
  );
}
