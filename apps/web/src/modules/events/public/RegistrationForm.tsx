import type { Language, PublicEvent, RegistrationInput, RegistrationResult } from "@clinic/shared";
import { Alert, Button, Paper, Stack, TextField, Typography } from "@mui/material";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { PUBLIC_EVENT_KEY, registerForEvent, TICKET_KEY, ticketPath } from "./api.ts";
import { fieldText, priceText, ticketStatus } from "./format.ts";
import { PaymentChoice, QuestionField, TicketChoice } from "./FormParts.tsx";
import {
  answerField,
  chosenTicket,
  type FieldProblem,
  type FieldProblems,
  initialValues,
  needsPayment,
  problemText,
  type RegistrationValues,
  registrationFailure,
  registrationBody,
  validateRegistration,
} from "./registration.ts";

/** Where registering goes next: the provider's payment page, else the registrant's own ticket page. */
export function nextStep(result: RegistrationResult): { external: string } | { path: string } {
  return result.redirectUrl ? { external: result.redirectUrl } : { path: ticketPath(result.token) };
}

/** Moves to, and focuses, the first field with a problem (the fields carry their server name in `data-field`). */
function focusField(field: string) {
  const holder = document.querySelector<HTMLElement>(`[data-field="${CSS.escape(field)}"]`);
  holder?.scrollIntoView({ block: "center" });
  holder?.querySelector<HTMLElement>("input:not([disabled]), select, textarea")?.focus({ preventScroll: true });
}

/**
 * The registration form of an open event: the ticket, name and email, the event's own questions,
 * how to pay a priced ticket. Problems the form can see are shown on their fields before
 * anything is sent; the server's field errors land on the same fields, its refusals (sold out
 * meanwhile, already registered…) above the button, in the page's language.
 */
export function RegistrationForm({ event }: { event: PublicEvent }) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === "es" ? "es" : "en";
  const navigate = useNavigate();
  const client = useQueryClient();
  const [values, setValues] = useState<RegistrationValues>(() => initialValues(event));
  const [problems, setProblems] = useState<FieldProblems>({});
  const [refusal, setRefusal] = useState<FieldProblem | null>(null);
  // On the way to the payment page: the button stays off, or a second press would register twice.
  const [leaving, setLeaving] = useState(false);
  const refusalRef = useRef<HTMLDivElement>(null);
  const headingId = useId();

  const showRefusal = (problem: FieldProblem) => {
    setRefusal(problem);
    queueMicrotask(() => refusalRef.current?.focus());
  };
  // Not useAction: its notice would cover the form's button on a phone and repeat what the form already says in place.
  const registering = useMutation<RegistrationResult, unknown, RegistrationInput>({
    mutationFn: (body) => registerForEvent(event.slug, body),
    onSuccess: (result) => {
      const next = nextStep(result);
      if ("external" in next) {
        setLeaving(true);
        return window.location.assign(next.external);
      }
      client.setQueryData([TICKET_KEY, result.token], result.registration);
      void navigate(next.path);
    },
    onError: (failure) => {
      const answer = registrationFailure(event, failure);
      setProblems(answer.problems);
      if (answer.refusal) showRefusal(answer.refusal);
      const first = Object.keys(answer.problems)[0];
      if (first && !answer.refusal) queueMicrotask(() => focusField(first));
      // Places, sales windows or the event itself may have changed since the page loaded.
      if (answer.stale) void client.invalidateQueries({ queryKey: [PUBLIC_EVENT_KEY, event.slug] });
    },
  });

  const change = <K extends keyof RegistrationValues>(field: K, value: RegistrationValues[K], problemField: string = field) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems(({ [problemField]: _, ...rest }) => rest);
  };
  const answer = (questionId: string, value: string | boolean) => {
    setValues((current) => ({ ...current, answers: { ...current.answers, [questionId]: value } }));
    setProblems(({ [answerField(questionId)]: _, ...rest }) => rest);
  };
  const onSubmit = (submitted: FormEvent) => {
    submitted.preventDefault();
    setRefusal(null);
    const found = validateRegistration(event, values);
    setProblems(found);
    const first = Object.keys(found)[0];
    if (first) return focusField(first);
    registering.mutate(registrationBody(event, values, language));
  };

  const ticket = chosenTicket(event, values);
  const priced = needsPayment(event, values);
  const waiting = ticket !== null && ticketStatus(ticket) === "soldOut";
  const say = (field: string) => problemText(t, problems[field]);
  const submitLabel = waiting
    ? t("eventPublic.form.joinWaiting")
    : priced && values.provider === "stripe"
      ? t("eventPublic.form.continueToPay", { price: priceText(t, ticket?.priceCents ?? 0, event.currency, language) })
      : t("eventPublic.form.register");

  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
        {t("eventPublic.form.title")}
      </Typography>
      <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit}>
        <TicketChoice event={event} value={values.ticketTypeId} error={say("ticketTypeId")} onChange={(id) => change("ticketTypeId", id)} />
        <TextField
          label={t("eventPublic.form.name")}
          required
          autoComplete="name"
          value={values.name}
          onChange={(input) => change("name", input.target.value)}
          error={!!problems.name}
          helperText={say("name")}
          data-field="name"
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <TextField
          label={t("eventPublic.form.email")}
          required
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(input) => change("email", input.target.value)}
          error={!!problems.email}
          helperText={say("email") ?? t("eventPublic.form.emailHint")}
          data-field="email"
          slotProps={{ htmlInput: { maxLength: 254, inputMode: "email" } }}
        />
        {event.questions.map((question) => (
          <QuestionField
            key={question.id}
            question={question}
            language={language}
            value={values.answers[question.id] ?? ""}
            error={say(answerField(question.id))}
            onChange={(value) => answer(question.id, value)}
          />
        ))}
        {priced ? (
          <PaymentChoice providers={event.providers} value={values.provider} error={say("provider")} onChange={(provider) => change("provider", provider)} />
        ) : null}
        {waiting ? <Alert severity="info">{t("eventPublic.form.waitingHint")}</Alert> : null}
        <Typography variant="body2" color="text.secondary">
          {t("eventPublic.form.consent", { organiser: event.clinicName })}
        </Typography>
        {refusal ? (
          <Alert severity="error" role="alert" ref={refusalRef} tabIndex={-1}>
            {"key" in refusal ? t(refusal.key) : fieldText(t, refusal.text)}
          </Alert>
        ) : null}
        <Button type="submit" variant="contained" size="large" fullWidth disabled={registering.isPending || leaving}>
          {registering.isPending || leaving ? t("eventPublic.form.sending") : submitLabel}
        </Button>
      </Stack>
    </Paper>
  );
}
