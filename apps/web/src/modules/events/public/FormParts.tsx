import { type EventQuestion, inLanguage, type Language, type PaymentProviderName, type PublicEvent, type PublicTicketType } from "@clinic/shared";
import { Box, Checkbox, FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup, TextField, Typography } from "@mui/material";
import type { TFunction } from "i18next";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { priceText, ticketStatus } from "./format.ts";
import { zonedDateTime } from "../../../lib/zoned-time.ts";

/** The registration form's choice fields: the ticket, each custom question, how to pay. */

/** Choices of up to this many options show as radio buttons (all visible at once); more as a list to pick from. */
const RADIO_OPTIONS = 4;

/** What a ticket's line says about getting it: places left, the waiting list, or when it is on sale. */
export function ticketAvailability(t: TFunction, ticket: PublicTicketType, timeZone: string): string {
  const status = ticketStatus(ticket);
  if (status === "open") return t("eventPublic.tickets.left", { count: ticket.available });
  if (status === "soldOut") return t("eventPublic.tickets.soldOut");
  const from = ticket.salesStart ? zonedDateTime(ticket.salesStart, timeZone) : null;
  const to = ticket.salesEnd ? zonedDateTime(ticket.salesEnd, timeZone) : null;
  if (from && to) return t("eventPublic.tickets.notOnSaleWindow", { from, to });
  if (from) return t("eventPublic.tickets.notOnSaleFrom", { from });
  if (to) return t("eventPublic.tickets.notOnSaleUntil", { to });
  return t("eventPublic.tickets.notOnSale");
}

export function TicketChoice(props: { event: PublicEvent; value: number | null; error?: string; onChange: (id: number) => void }) {
  const { event, value, error, onChange } = props;
  const { t, i18n } = useTranslation();
  const legendId = useId();
  return (
    <FormControl component="fieldset" error={!!error} required data-field="ticketTypeId">
      <FormLabel component="legend" id={legendId} sx={{ mb: 1 }}>
        {t("eventPublic.tickets.choose")}
      </FormLabel>
      <RadioGroup aria-labelledby={legendId} value={value === null ? "" : String(value)} onChange={(change) => onChange(Number(change.target.value))}>
        {event.ticketTypes.map((ticket) => {
          const status = ticketStatus(ticket);
          return (
            <FormControlLabel
              key={ticket.id}
              value={String(ticket.id)}
              disabled={status === "notOnSale"}
              control={<Radio />}
              sx={{ alignItems: "flex-start", mb: 1, "& .MuiRadio-root": { pt: 0.5 } }}
              label={
                <Box sx={{ pt: 0.75 }}>
                  <Typography component="span" sx={{ display: "block", fontWeight: 600, overflowWrap: "anywhere" }}>
                    {inLanguage(ticket.name, i18n.language)} · {priceText(t, ticket.priceCents, event.currency, i18n.language)}
                  </Typography>
                  <Typography component="span" variant="body2" sx={{ color: status === "soldOut" ? "warning.dark" : "text.secondary" }}>
                    {ticketAvailability(t, ticket, event.timeZone)}
                  </Typography>
                </Box>
              }
            />
          );
        })}
      </RadioGroup>
      {error ? <FormHelperText>{error}</FormHelperText> : null}
    </FormControl>
  );
}

export function QuestionField(props: {
  question: EventQuestion;
  language: Language;
  value: string | boolean;
  error?: string;
  onChange: (value: string | boolean) => void;
}) {
  const { question, language, value, error, onChange } = props;
  const { t } = useTranslation();
  const labelId = useId();
  const label = inLanguage(question.label, language);
  const field = `answers.${question.id}`;
  if (question.kind === "checkbox") {
    return (
      <FormControl error={!!error} data-field={field}>
        <FormControlLabel
          required={question.required}
          control={<Checkbox checked={value === true} onChange={(change) => onChange(change.target.checked)} />}
          label={label}
        />
        {error ? <FormHelperText>{error}</FormHelperText> : null}
      </FormControl>
    );
  }
  const text = typeof value === "string" ? value : "";
  if (question.kind === "choice" && question.options.length <= RADIO_OPTIONS) {
    return (
      <FormControl component="fieldset" error={!!error} required={question.required} data-field={field}>
        <FormLabel component="legend" id={labelId}>
          {label}
        </FormLabel>
        <RadioGroup aria-labelledby={labelId} value={text} onChange={(change) => onChange(change.target.value)}>
          {question.options.map((option) => (
            <FormControlLabel key={option} value={option} control={<Radio />} label={option} />
          ))}
        </RadioGroup>
        {error ? <FormHelperText>{error}</FormHelperText> : null}
      </FormControl>
    );
  }
  if (question.kind === "choice") {
    return (
      <TextField
        select
        label={label}
        required={question.required}
        value={text}
        onChange={(change) => onChange(change.target.value)}
        error={!!error}
        helperText={error}
        data-field={field}
        // The phone's own picker: larger targets than a menu, and read out as a list.
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">{t("eventPublic.form.pick")}</option>
        {question.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </TextField>
    );
  }
  return (
    <TextField
      label={label}
      required={question.required}
      value={text}
      onChange={(change) => onChange(change.target.value)}
      error={!!error}
      helperText={error}
      multiline
      maxRows={6}
      data-field={field}
      slotProps={{ htmlInput: { maxLength: 2000 } }}
    />
  );
}

export function PaymentChoice(props: {
  providers: PaymentProviderName[];
  value: PaymentProviderName | null;
  error?: string;
  onChange: (provider: PaymentProviderName) => void;
}) {
  const { providers, value, error, onChange } = props;
  const { t } = useTranslation();
  const legendId = useId();
  return (
    <FormControl component="fieldset" error={!!error} required data-field="provider">
      <FormLabel component="legend" id={legendId}>
        {t("eventPublic.payment.choose")}
      </FormLabel>
      <RadioGroup aria-labelledby={legendId} value={value ?? ""} onChange={(change) => onChange(change.target.value as PaymentProviderName)}>
        {providers.map((provider) => (
          <FormControlLabel
            key={provider}
            value={provider}
            control={<Radio />}
            sx={{ alignItems: "flex-start", "& .MuiRadio-root": { pt: 0.5 } }}
            label={
              <Box sx={{ pt: 0.75 }}>
                <Typography component="span" sx={{ display: "block" }}>
                  {t(`eventPublic.payment.providers.${provider}`)}
                </Typography>
                <Typography component="span" variant="body2" color="text.secondary">
                  {t(`eventPublic.payment.hints.${provider}`)}
                </Typography>
              </Box>
            }
          />
        ))}
      </RadioGroup>
      {error ? <FormHelperText>{error}</FormHelperText> : null}
    </FormControl>
  );
}
