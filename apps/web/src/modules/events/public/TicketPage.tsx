import { inLanguage, type PublicRegistration } from "@clinic/shared";
import PictureAsPdfOutlined from "@mui/icons-material/PictureAsPdfOutlined";
import { Alert, Box, Button, CircularProgress, Link, List, ListItem, Stack, Typography } from "@mui/material";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router";
import type { ApiError } from "../../../lib/api.ts";
import { ConfirmDialog } from "../../../lib/components/ConfirmDialog.tsx";
import { Loading } from "../../../lib/components/Loading.tsx";
import { useAction } from "../../../lib/resource.ts";
import { cancelMyRegistration, invoicePdfPath, publicRegistration, TICKET_KEY } from "./api.ts";
import { priceText } from "./format.ts";
import { Details, PageSection, Summary, Unavailable } from "../../../lib/components/PublicPageParts.tsx";
import { EventFacts, PublicFrame } from "./PublicFrame.tsx";
import { awaitingCardConfirmation, CONFIRM_POLL_LIMIT, canCancel, cancelPeriodOver, refundOnCancel, useConfirmPolling } from "./ticket.ts";
import { EventLink, headlineKey, TicketState } from "./TicketState.tsx";
import { zoneLabel, zonedDateTime } from "../../../lib/zoned-time.ts";
import { formatMoney } from "../../../lib/money.ts";

const retryOnlyFailures = (count: number, error: ApiError) => error.status !== 404 && error.status !== 400 && count < 2;

/**
 * /events/ticket/:token (public, by the private link the registration's emails carry): the
 * registration's state and what it needs (the QR ticket, the payment, the place in the waiting
 * list), the event, its invoices, and cancelling while the event allows. Back from the card
 * payment's page (`?checkout=success`) it asks again every 2 s, about 30 s at most, until the
 * payment provider has told the server.
 */
export function TicketPage() {
  const { t, i18n } = useTranslation();
  const { token = "" } = useParams();
  const [searchParams] = useSearchParams();
  const checkout = searchParams.get("checkout");
  const registration = useQuery<PublicRegistration, ApiError>({
    queryKey: [TICKET_KEY, token],
    queryFn: ({ signal }) => publicRegistration(token, signal),
    retry: retryOnlyFailures,
  });
  const confirming = awaitingCardConfirmation(registration.data, checkout);
  const polls = useConfirmPolling(confirming, registration.refetch);
  const invalid = registration.error && (registration.error.status === 404 || registration.error.status === 400);
  const data = registration.data;
  return (
    <PublicFrame organiser={data?.event.clinicName ?? null} title={data ? inLanguage(data.event.title, i18n.language) : null}>
      {data ? (
        <Stack spacing={3}>
          {confirming ? (
            <Alert severity="info" role="status" icon={polls < CONFIRM_POLL_LIMIT ? <CircularProgress size={20} aria-hidden /> : undefined}>
              {polls < CONFIRM_POLL_LIMIT ? t("eventPublic.ticket.confirming") : t("eventPublic.ticket.stillConfirming")}
            </Alert>
          ) : null}
          {checkout === "success" && data.state === "confirmed" ? (
            <Alert severity="success" role="status">
              {t("eventPublic.ticket.paymentReceived")}
            </Alert>
          ) : null}
          {checkout === "cancelled" && data.state === "pending_payment" ? <Alert severity="warning">{t("eventPublic.ticket.checkoutCancelled")}</Alert> : null}
          <TicketView registration={data} token={token} />
        </Stack>
      ) : invalid ? (
        <Unavailable title={t("eventPublic.ticket.missingTitle")} text={t("eventPublic.ticket.missing")} />
      ) : registration.error ? (
        <Unavailable title={t("eventPublic.page.failedTitle")} text={t("eventPublic.ticket.failed")} onRetry={() => void registration.refetch()} />
      ) : (
        <Loading />
      )}
    </PublicFrame>
  );
}

export function TicketView({ registration, token }: { registration: PublicRegistration; token: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const money = (cents: number) => formatMoney(cents, registration.currency, language);
  return (
    <>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: { xs: "1.75rem", sm: "2.125rem" } }}>
          {t(headlineKey(registration.state))}
        </Typography>
        <Typography sx={{ mt: 0.5, color: "text.secondary", overflowWrap: "anywhere" }}>{inLanguage(registration.event.title, language)}</Typography>
      </Box>
      <TicketState registration={registration} token={token} />
      <PageSection title={t("eventPublic.ticket.yourRegistration")}>
        <Details>
          <Summary label={t("eventPublic.ticket.number")} value={registration.number} />
          <Summary label={t("eventPublic.ticket.name")} value={`${registration.name} · ${registration.email}`} />
          <Summary
            label={t("eventPublic.ticket.ticketType")}
            value={
              // A free ticket is often named "Free": its price would only say it again.
              registration.amountCents === 0
                ? inLanguage(registration.ticketType.name, language)
                : `${inLanguage(registration.ticketType.name, language)} · ${priceText(t, registration.amountCents, registration.currency, language)}`
            }
          />
          {registration.paidCents > 0 ? <Summary label={t("eventPublic.ticket.paid")} value={money(registration.paidCents)} /> : null}
          {registration.refundedCents > 0 ? <Summary label={t("eventPublic.ticket.refunded")} value={money(registration.refundedCents)} /> : null}
        </Details>
      </PageSection>
      <PageSection title={t("eventPublic.ticket.theEvent")}>
        <EventFacts event={registration.event} />
        <Box sx={{ mt: 2 }}>
          <EventLink registration={registration} />
        </Box>
      </PageSection>
      {registration.invoices.length > 0 ? (
        <PageSection title={t("eventPublic.ticket.invoices")}>
          <List disablePadding>
            {registration.invoices.map((invoice) => (
              <ListItem key={invoice.id} disableGutters>
                <Link href={invoicePdfPath(token, invoice.id)} download sx={{ display: "inline-flex", alignItems: "center", gap: 1 }}>
                  <PictureAsPdfOutlined fontSize="small" aria-hidden />
                  {t(invoice.kind === "credit_note" ? "eventPublic.ticket.creditNotePdf" : "eventPublic.ticket.invoicePdf", { number: invoice.number })}
                </Link>
              </ListItem>
            ))}
          </List>
        </PageSection>
      ) : null}
      <CancelSection registration={registration} token={token} />
    </>
  );
}

/** Giving up the place by the link, until the event's cancellation deadline, with a refund of what was paid. */
function CancelSection({ registration, token }: { registration: PublicRegistration; token: string }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const zone = registration.event.timeZone;
  const cancel = useAction(() => cancelMyRegistration(token), {
    success: t("eventPublic.ticket.cancelledNotice"),
    onSuccess: (result) => {
      client.setQueryData([TICKET_KEY, token], result);
      setAsking(false);
    },
    onFailure: () => {
      setAsking(false);
      void client.invalidateQueries({ queryKey: [TICKET_KEY, token] });
    },
  });
  if (cancelPeriodOver(registration)) {
    return (
      <PageSection title={t("eventPublic.ticket.cancelTitle")}>
        <Typography>{t("eventPublic.ticket.cancelOver", { organiser: registration.event.clinicName })}</Typography>
      </PageSection>
    );
  }
  if (!canCancel(registration) || !registration.cancelUntil) return null;
  const refund = refundOnCancel(registration);
  const until = t("eventPublic.ticket.cancelUntil", { until: zonedDateTime(registration.cancelUntil, zone), zone: zoneLabel(zone) });
  return (
    <PageSection title={t("eventPublic.ticket.cancelTitle")}>
      <Typography>{until}</Typography>
      <Button variant="outlined" color="error" onClick={() => setAsking(true)} sx={{ mt: 2 }}>
        {t("eventPublic.ticket.cancel")}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t("eventPublic.ticket.cancelQuestion")}
        text={
          refund > 0
            ? t("eventPublic.ticket.cancelRefund", { amount: formatMoney(refund, registration.currency, i18n.language) })
            : t("eventPublic.ticket.cancelFree")
        }
        confirmLabel={t("eventPublic.ticket.cancelConfirm")}
        dismissLabel={t("eventPublic.ticket.keep")}
        destructive
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate(undefined)}
        onCancel={() => setAsking(false)}
      />
    </PageSection>
  );
}
