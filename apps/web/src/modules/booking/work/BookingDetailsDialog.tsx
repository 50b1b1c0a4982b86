import type { Booking } from "@clinic/shared";
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Link, Stack, Typography, useMediaQuery, useTheme } from "@mui/material";
import { Fragment, type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../lib/components/ConfirmDialog.tsx";
import { useAction } from "../../../lib/resource.ts";
import { formatZoned } from "../shared/format.ts";
import { cancelBooking, EVERY_WORK_LIST, markOutcome } from "./api.ts";
import { bookingWhen, canMarkOutcome, isActive } from "./booking-days.ts";
import { MoveDialog } from "./MoveDialog.tsx";
import { Stars } from "./Stars.tsx";
import { formatPrice } from "./figures.ts";
import { StatusChip } from "./StatusChip.tsx";

/**
 * A booking in full, with what staff can do to it: move it or cancel it while it is to come,
 * and once its time has come mark it completed or a no-show. `onChanged` receives the booking
 * as the server answers it after each action, so the dialog shows its new state.
 */
export function BookingDetailsDialog({
  booking,
  currency,
  onClose,
  onChanged,
}: {
  booking: Booking | null;
  currency: string | null;
  onClose: () => void;
  onChanged: (booking: Booking) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("sm"));
  const titleId = useId();
  const [moving, setMoving] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const cancel = useAction((id: number) => cancelBooking(id), {
    invalidate: EVERY_WORK_LIST,
    success: (changed) => t("bookingWork.details.cancelled", { name: changed.client.name }),
    onSuccess: (changed) => {
      setCancelling(false);
      onChanged(changed);
    },
    onFailure: () => setCancelling(false),
  });
  const outcome = useAction((input: { id: number; status: "completed" | "no_show" }) => markOutcome(input.id, input.status), {
    invalidate: EVERY_WORK_LIST,
    success: (changed) =>
      t(changed.status === "completed" ? "bookingWork.details.markedCompleted" : "bookingWork.details.markedNoShow", { name: changed.client.name }),
    onSuccess: (changed) => onChanged(changed),
  });
  if (!booking) return null;
  const zone = booking.location.timeZone;
  const active = isActive(booking.status);
  const markable = canMarkOutcome(booking, Date.now());
  const rows: [string, ReactNode][] = [
    [t("bookingWork.fields.status"), <StatusChip key="status" status={booking.status} />],
    [t("bookingWork.fields.when"), `${bookingWhen(booking, language)} (${zone})`],
    [t("bookingWork.fields.provider"), booking.provider.name],
    [t("bookingWork.fields.location"), booking.location.name],
    [
      t("bookingWork.fields.client"),
      <Stack key="client" component="span">
        <span>{booking.client.name}</span>
        <Link href={`mailto:${booking.client.email}`} sx={{ overflowWrap: "anywhere" }}>
          {booking.client.email}
        </Link>
        {booking.client.phone ? <Link href={`tel:${booking.client.phone.replace(/[^\d+]/g, "")}`}>{booking.client.phone}</Link> : null}
      </Stack>,
    ],
    [t("bookingShared.appointmentType"), t(`bookingShared.appointmentTypes.${booking.appointmentType}`)],
    [t("bookingWork.fields.price"), formatPrice(booking.priceCents, currency, language)],
    [t("bookingWork.fields.resources"), booking.resources.length ? booking.resources.join(", ") : t("bookingWork.details.noResources")],
    [
      t("bookingWork.fields.rating"),
      booking.rating ? (
        <Stack key="rating" component="span" spacing={0.5}>
          <Stars score={booking.rating.score} />
          {booking.rating.comment ? <span>{booking.rating.comment}</span> : null}
        </Stack>
      ) : (
        t("bookingWork.details.notRated")
      ),
    ],
    [t("bookingWork.fields.booked"), formatZoned(booking.createdAt, zone, language)],
  ];
  return (
    <>
      <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={phone}>
        <DialogTitle id={titleId}>
          {booking.service.name} · {booking.variation.name}
        </DialogTitle>
        <DialogContent>
          <Box component="dl" sx={{ display: "grid", gridTemplateColumns: "minmax(0, 1fr) minmax(0, 2fr)", columnGap: 2, rowGap: 1, m: 0 }}>
            {rows.map(([name, value]) => (
              <Fragment key={name}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {name}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: "anywhere" }}>
                  {value}
                </Typography>
              </Fragment>
            ))}
          </Box>
          {markable ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              {t("bookingWork.details.outcomeHint")}
            </Typography>
          ) : null}
        </DialogContent>
        <DialogActions sx={{ flexWrap: "wrap", gap: 1 }}>
          {active ? (
            <>
              <Button variant="outlined" onClick={() => setMoving(true)}>
                {t("bookingWork.details.move")}
              </Button>
              <Button variant="outlined" color="error" onClick={() => setCancelling(true)}>
                {t("bookingWork.details.cancel")}
              </Button>
            </>
          ) : null}
          {markable && booking.status !== "completed" ? (
            <Button variant="outlined" color="success" disabled={outcome.isPending} onClick={() => outcome.mutate({ id: booking.id, status: "completed" })}>
              {t("bookingWork.details.markCompleted")}
            </Button>
          ) : null}
          {markable && booking.status !== "no_show" ? (
            <Button variant="outlined" disabled={outcome.isPending} onClick={() => outcome.mutate({ id: booking.id, status: "no_show" })}>
              {t("bookingWork.details.markNoShow")}
            </Button>
          ) : null}
          <Button variant="contained" onClick={onClose}>
            {t("bookingWork.close")}
          </Button>
        </DialogActions>
      </Dialog>
      {moving ? <MoveDialog booking={booking} onClose={() => setMoving(false)} onMoved={onChanged} /> : null}
      <ConfirmDialog
        open={cancelling}
        title={t("bookingWork.details.cancelTitle")}
        text={t("bookingWork.details.cancelText", { name: booking.client.name, when: bookingWhen(booking, language) })}
        confirmLabel={t("bookingWork.details.cancelConfirm")}
        destructive
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate(booking.id)}
        onCancel={() => setCancelling(false)}
      />
    </>
  );
}
