import type { PublicRegistration, RegistrationState } from "@clinic/shared";
import CalendarMonthOutlined from "@mui/icons-material/CalendarMonthOutlined";
import CreditCard from "@mui/icons-material/CreditCard";
import { Alert, Box, Button, Link, Paper, Stack, Typography } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { useAction } from "../../../lib/resource.ts";
import { calendarPath, eventPath, payMyRegistration, TICKET_KEY } from "./api.ts";
import { amountDue } from "./ticket.ts";
import { zoneLabel, zonedDateTime } from "../../../lib/zoned-time.ts";
import { formatMoney } from "../../../lib/money.ts";

/** The registrant's page's headline and what the registration's state asks of them or gives them. */

const HEADLINES: Record<RegistrationState, string> = {
  confirmed: "eventPublic.ticket.headlines.confirmed",
  pending_payment: "eventPublic.ticket.headlines.pending_payment",
  waiting: "eventPublic.ticket.headlines.waiting",
  checked_in: "eventPublic.ticket.headlines.checked_in",
  cancelled: "eventPublic.ticket.headlines.cancelled",
  refunded: "eventPublic.ticket.headlines.refunded",
  expired: "eventPublic.ticket.headlines.expired",
};
export const headlineKey = (state: RegistrationState) => HEADLINES[state];

export function TicketState({ registration, token }: { registration: PublicRegistration; token: string }) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, registration.currency, i18n.language);
  switch (registration.state) {
    case "confirmed":
    case "checked_in":
      return <AdmissionTicket registration={registration} token={token} />;
    case "pending_payment":
      return <PaymentDue registration={registration} token={token} />;
    case "waiting":
      return (
        <Alert severity="info">
          {registration.waitingPosition
            ? t("eventPublic.ticket.waitingPosition", { position: registration.waitingPosition })
            : t("eventPublic.ticket.waitingNoPosition")}{" "}
          {t("eventPublic.ticket.waitingHint")}
        </Alert>
      );
    case "cancelled":
      return <Alert severity="warning">{t("eventPublic.ticket.cancelledText")}</Alert>;
    case "refunded":
      return <Alert severity="warning">{t("eventPublic.ticket.refundedText", { amount: money(registration.refundedCents) })}</Alert>;
    case "expired":
      return (
        <Alert
          severity="warning"
          action={
            <Button component={RouterLink} to={eventPath(registration.event.slug)} color="inherit" size="small">
              {t("eventPublic.ticket.registerAgain")}
            </Button>
          }
        >
          {t("eventPublic.ticket.expiredText")}
        </Alert>
      );
  }
}

/** The ticket itself: the QR code the door scans, large, its number, and the event in a calendar. */
function AdmissionTicket({ registration, token }: { registration: PublicRegistration; token: string }) {
  const { t } = useTranslation();
  const checkedIn = registration.state === "checked_in";
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, textAlign: "center" }}>
      {checkedIn ? (
        <Alert severity="success" sx={{ mb: 2, textAlign: "left" }}>
          {t("eventPublic.ticket.checkedInText")}
        </Alert>
      ) : (
        <Typography sx={{ mb: 2 }}>{t("eventPublic.ticket.showAtDoor")}</Typography>
      )}
      {registration.qrDataUrl ? (
        <Box
          component="img"
          src={registration.qrDataUrl}
          alt={t("eventPublic.ticket.qrAlt", { number: registration.number })}
          // Large and crisp: the door's phone reads it off a screen at arm's length.
          sx={{ width: 280, maxWidth: "100%", height: "auto", imageRendering: "pixelated", display: "block", mx: "auto", bgcolor: "#fff", p: 1 }}
        />
      ) : null}
      <Typography component="p" variant="h5" sx={{ mt: 1, fontWeight: 700, letterSpacing: 1 }}>
        {registration.number}
      </Typography>
      {checkedIn ? null : (
        <Button variant="outlined" href={calendarPath(token)} download startIcon={<CalendarMonthOutlined />} sx={{ mt: 2 }}>
          {t("eventPublic.ticket.addToCalendar")}
        </Button>
      )}
    </Paper>
  );
}

/** A place held until its payment arrives: how much, until when, and how to pay it. */
function PaymentDue({ registration, token }: { registration: PublicRegistration; token: string }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const zone = registration.event.timeZone;
  // On the way to the payment page the button stays off: a second press would open a second payment.
  const [leaving, setLeaving] = useState(false);
  const pay = useAction(() => payMyRegistration(token), {
    onSuccess: (answer) => {
      setLeaving(true);
      window.location.assign(answer.redirectUrl);
    },
    onFailure: () => void client.invalidateQueries({ queryKey: [TICKET_KEY, token] }),
  });
  const amount = formatMoney(amountDue(registration), registration.currency, i18n.language);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Typography sx={{ fontWeight: 600 }}>{t("eventPublic.ticket.amountDue", { amount })}</Typography>
        {registration.expiresAt ? (
          <Typography>{t("eventPublic.ticket.heldUntil", { until: zonedDateTime(registration.expiresAt, zone), zone: zoneLabel(zone) })}</Typography>
        ) : null}
        {registration.provider === "stripe" ? (
          <Box>
            <Button variant="contained" size="large" startIcon={<CreditCard />} onClick={() => pay.mutate(undefined)} disabled={pay.isPending || leaving}>
              {pay.isPending || leaving ? t("eventPublic.ticket.payOpening") : t("eventPublic.ticket.payNow", { amount })}
            </Button>
          </Box>
        ) : (
          <>
            <Typography>{t("eventPublic.ticket.transferIntro")}</Typography>
            {registration.instructions ? (
              <Box sx={{ whiteSpace: "pre-line", bgcolor: "action.hover", borderRadius: 1, p: 2, overflowWrap: "anywhere" }}>{registration.instructions}</Box>
            ) : null}
            <Typography>
              {t("eventPublic.ticket.quoteReference")}{" "}
              <Box component="strong" sx={{ letterSpacing: 0.5 }}>
                {registration.number}
              </Box>
            </Typography>
          </>
        )}
        <Typography variant="body2" color="text.secondary">
          {t("eventPublic.ticket.pendingHint")}
        </Typography>
      </Stack>
    </Paper>
  );
}

/** The event's page, from the ticket (to read about it again, or register anew). */
export function EventLink({ registration }: { registration: PublicRegistration }) {
  const { t } = useTranslation();
  return (
    <Link component={RouterLink} to={eventPath(registration.event.slug)}>
      {t("eventPublic.ticket.eventPage")}
    </Link>
  );
}
