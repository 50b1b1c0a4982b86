import { type Booking, type BookingHours, type BookingResource, isRouteVisible, type Paged, routeById } from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import CheckCircle from "@mui/icons-material/CheckCircle";
import RadioButtonUnchecked from "@mui/icons-material/RadioButtonUnchecked";
import { Box, Button, Card, CardContent, Link, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Stack, Typography } from "@mui/material";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { Loading } from "../../../lib/components/Loading.tsx";
import { addDays, todayOf } from "../../../lib/date-range.ts";
import { useResource } from "../../../lib/resource.ts";
import { useSignedIn, visibilityOf } from "../../../lib/session.ts";
import { formatZonedTime } from "../shared/format.ts";
import { BOOKINGS_PATH, RESOURCES_PATH, useCan, useCurrency, useLocations, useServices, WORK_KEY, WORK_SCREENS, withQuery } from "./api.ts";
import { BookForClientDialog } from "./BookForClientDialog.tsx";
import { BookingDetailsDialog } from "./BookingDetailsDialog.tsx";
import { AGENDA_DAYS, bookingsByDay, dayTitle, nextDays } from "./booking-days.ts";
import { StatusChip } from "./StatusChip.tsx";

/** The setup steps, in the order a clinic takes them, by the screen that does each. */
const SETUP_STEPS = [
  { id: "scheduleConfig", key: "config" },
  { id: "scheduleServiceHours", key: "hours" },
  { id: "scheduleEquipment", key: "equipment" },
  { id: "scheduleVariation", key: "services" },
] as const;

/** What is not set up yet, with links to the screens that set it up (those the user may open). */
function SetupChecklist({ firstLocation, hasServices }: { firstLocation: number | null; hasServices: boolean }) {
  const { t } = useTranslation();
  const can = useCan();
  const headingId = useId();
  const visibility = visibilityOf(useSignedIn());
  // What the user may read of the other steps tells whether they are done; the rest shows as to do.
  const hoursPath = firstLocation !== null && can("view_dayschedule") ? withQuery("/api/schedule/hours", { locationId: firstLocation }) : null;
  const hours = useResource<BookingHours[]>([WORK_KEY, "hours", hoursPath], hoursPath, { quiet: true });
  const readsResources = ["view_resource", "view_variation", "view_schedule_dashboard", "view_generate_report"] as const;
  const resources = useResource<BookingResource[]>([WORK_KEY, "resources"], readsResources.some(can) ? RESOURCES_PATH : null, { quiet: true });
  const done: Record<(typeof SETUP_STEPS)[number]["key"], boolean> = {
    config: firstLocation !== null,
    hours: (hours.data ?? []).some((provider) => provider.rules.length > 0),
    equipment: (resources.data ?? []).length > 0,
    services: hasServices,
  };
  const steps = SETUP_STEPS.filter((step) => isRouteVisible(routeById(step.id), visibility));
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Typography id={headingId} variant="h6" component="h2">
          {t("bookingWork.home.setupTitle")}
        </Typography>
        <Typography color="text.secondary">{t("bookingWork.home.setupIntro")}</Typography>
        {steps.length === 0 ? <Typography sx={{ mt: 1 }}>{t("bookingWork.home.setupAskAdmin")}</Typography> : null}
        <List component="ol" sx={{ listStyle: "none", p: 0 }}>
          {steps.map((step) => (
            <ListItem key={step.key} disablePadding>
              <ListItemButton component={RouterLink} to={routeById(step.id).path}>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  {done[step.key] ? <CheckCircle color="success" titleAccess={t("bookingWork.home.stepDone")} /> : <RadioButtonUnchecked aria-hidden />}
                </ListItemIcon>
                <ListItemText primary={t(`bookingWork.home.steps.${step.key}.title`)} secondary={t(`bookingWork.home.steps.${step.key}.text`)} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}

/** One day of the agenda: its heading, then its bookings by time, each opening its details. */
function AgendaDay({ date, bookings, today, onOpen }: { date: string; bookings: Booking[]; today: string; onOpen: (booking: Booking) => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const headingId = useId();
  const relative = date === today ? t("bookingWork.home.today") : date === addDays(today, 1) ? t("bookingWork.home.tomorrow") : null;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {relative ? `${relative} · ` : ""}
        {dayTitle(date, language)}
      </Typography>
      <List dense disablePadding>
        {bookings.map((booking) => {
          const zone = booking.location.timeZone;
          const time = `${formatZonedTime(booking.start, zone, language)}–${formatZonedTime(booking.end, zone, language)}`;
          return (
            <ListItem key={booking.id} disablePadding divider>
              <ListItemButton
                onClick={() => onOpen(booking)}
                sx={{ alignItems: "flex-start", columnGap: 2, rowGap: 0.5, flexWrap: { xs: "wrap", sm: "nowrap" } }}
              >
                <Typography component="span" sx={{ fontWeight: 600, minWidth: 160, whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" }}>
                  {time}
                </Typography>
                <ListItemText
                  sx={{ my: 0, minWidth: 0, flex: "1 1 200px" }}
                  primary={`${booking.client.name} · ${booking.service.name} (${booking.variation.name})`}
                  secondary={t("bookingWork.home.withProvider", { provider: booking.provider.name, location: booking.location.name })}
                  slotProps={{ primary: { sx: { overflowWrap: "anywhere" } } }}
                />
                <StatusChip status={booking.status} />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}

/** The agenda of today and the next days, for those who see bookings (`view_appointment`). */
function Agenda({ onBook, canBook }: { onBook: () => void; canBook: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  const currency = useCurrency();
  const today = todayOf();
  const range = nextDays(today, AGENDA_DAYS);
  const path = withQuery(BOOKINGS_PATH, { from: range.since, to: range.to, page: 1, rowsPerPage: 100 });
  const bookings = useResource<Paged<Booking>>([WORK_KEY, "agenda", path], path);
  const [open, setOpen] = useState<Booking | null>(null);
  const days = bookingsByDay(bookings.data?.data ?? []);
  const more = bookings.data ? bookings.data.total - bookings.data.data.length : 0;
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ justifyContent: "space-between", alignItems: { sm: "center" }, mb: 1 }}>
          <Typography id={headingId} variant="h6" component="h2">
            {t("bookingWork.home.agendaTitle", { count: AGENDA_DAYS })}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
            {canBook ? (
              <Button variant="contained" startIcon={<AddIcon />} onClick={onBook}>
                {t("bookingWork.book.open")}
              </Button>
            ) : null}
            <Button component={RouterLink} to={WORK_SCREENS.bookings} variant="outlined">
              {t("bookingWork.home.allBookings")}
            </Button>
          </Stack>
        </Stack>
        {bookings.isLoading ? <Loading /> : null}
        {bookings.data && days.length === 0 ? <Typography color="text.secondary">{t("bookingWork.home.noBookings")}</Typography> : null}
        <Stack spacing={2}>
          {days.map((day) => (
            <AgendaDay key={day.date} date={day.date} bookings={day.items} today={today} onOpen={setOpen} />
          ))}
        </Stack>
        {more > 0 ? (
          <Typography sx={{ mt: 2 }}>
            <Link component={RouterLink} to={WORK_SCREENS.bookings}>
              {t("bookingWork.home.more", { count: more })}
            </Link>
          </Typography>
        ) : null}
        <BookingDetailsDialog booking={open} currency={currency} onClose={() => setOpen(null)} onChanged={setOpen} />
      </CardContent>
    </Card>
  );
}

/**
 * The scheduling home (`/schedule/app`): the agenda of today and the next days, grouped by day
 * with times at each location; while nothing is set up yet (no location or no service), the
 * steps that set it up, each linking to its screen.
 */
export function ScheduleHomePage() {
  const { t } = useTranslation();
  const can = useCan();
  const visibility = visibilityOf(useSignedIn());
  const locations = useLocations();
  const services = useServices();
  const currency = useCurrency();
  const [booking, setBooking] = useState(false);
  const seesBookings = can("view_appointment");
  const settingUp = (locations.data && locations.data.length === 0) || (services.data && services.data.length === 0);
  if (locations.isLoading || services.isLoading) return <Loading />;
  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <Typography color="text.secondary">{t("bookingWork.home.intro")}</Typography>
      {settingUp ? <SetupChecklist firstLocation={locations.data?.[0]?.id ?? null} hasServices={(services.data?.length ?? 0) > 0} /> : null}
      {seesBookings ? <Agenda canBook={!!services.data?.length} onBook={() => setBooking(true)} /> : null}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }} component="nav" aria-label={t("bookingWork.home.otherScreens")}>
        {(["scheduleDashboard", "scheduleReport", "scheduleScore"] as const)
          .filter((id) => isRouteVisible(routeById(id), visibility))
          .map((id) => (
            <Button key={id} component={RouterLink} to={routeById(id).path} variant="text">
              {t(`bookingWork.home.links.${id}`)}
            </Button>
          ))}
      </Stack>
      {booking && services.data ? <BookForClientDialog services={services.data} currency={currency} onClose={() => setBooking(false)} /> : null}
    </Stack>
  );
}
