import type { Appointment } from "@clinic/shared";
import FullCalendar, { type CalendarRef } from "@fullcalendar/react";
import dayGridPlugin from "@fullcalendar/react/daygrid";
import interactionPlugin from "@fullcalendar/react/interaction";
import listPlugin from "@fullcalendar/react/list";
import esLocale from "@fullcalendar/react/locales/es";
import monarchTheme from "@fullcalendar/react/themes/monarch";
import timeGridPlugin from "@fullcalendar/react/timegrid";
import { Box, useMediaQuery } from "@mui/material";
import { useTheme } from "@mui/material/styles";
import { useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { type CalendarViewer, toCalendarEvent, visibleHours } from "./format.ts";
import "@fullcalendar/react/skeleton.css";
import "@fullcalendar/react/themes/monarch/theme.css";
import "@fullcalendar/react/themes/monarch/palettes/blue.css";

export interface CalendarRange {
  from: string;
  to: string;
}

interface AppointmentCalendarProps {
  appointments: readonly Appointment[];
  viewer: Omit<CalendarViewer, "requestedLabel">;
  onRange: (range: CalendarRange) => void;
  onOpen: (appointment: Appointment) => void;
  /** Staff: a free time was selected (a click or a drag over empty time); `allDay` in the month view. */
  onSelect?: (start: Date, end: Date, allDay: boolean) => void;
  /** Staff: an appointment was dragged to `start`; `revert` puts it back when the server refuses. */
  onMove?: (appointment: Appointment, start: Date, revert: () => void) => void;
}

const PLUGINS = [dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin, monarchTheme];
const LOCALES = [esLocale];
/** Spec §9's `hh:mm a` in both languages (FullCalendar's Spanish locale would write "8:00 a. m."). */
const clock = (time: { hour: number; minute: number }) =>
  `${String(((time.hour + 11) % 12) + 1).padStart(2, "0")}:${String(time.minute).padStart(2, "0")} ${time.hour < 12 ? "am" : "pm"}`;

/**
 * The appointments calendar (FullCalendar 7): month, week, day and list views in the browser's
 * time zone and the interface language; the list view first on phones. Events come from the
 * page (one query per visible range), so accepting a request elsewhere redraws them here.
 */
export function AppointmentCalendar({ appointments, viewer, onRange, onOpen, onSelect, onMove }: AppointmentCalendarProps) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("sm"), { noSsr: true });
  const calendar = useRef<CalendarRef>(null);
  const requestedLabel = t("appointments.requestedMark");
  const events = useMemo(
    () =>
      appointments.map((appointment) => ({
        ...toCalendarEvent(appointment, { ...viewer, requestedLabel }),
        color: appointment.status === "requested" ? "#fff4e5" : theme.palette.primary.main,
        contrastColor: appointment.status === "requested" ? "#5f3700" : theme.palette.primary.contrastText,
      })),
    [appointments, viewer, requestedLabel, theme],
  );
  const hours = useMemo(() => visibleHours(appointments), [appointments]);
  const toolbar = phone
    ? { header: { start: "title", end: "prev,next" }, footer: { start: "today", end: "listWeek,timeGridDay,dayGridMonth" } }
    : { header: { start: "prev,next today", center: "title", end: "dayGridMonth,timeGridWeek,timeGridDay,listWeek" }, footer: false as const };

  return (
    <Box
      sx={{
        // The palette's faint greys fail WCAG AA on white; the theme's own text colours do not.
        "--fc-monarch-primary": theme.palette.primary.main,
        "--fc-monarch-muted-foreground": theme.palette.text.secondary,
        "--fc-monarch-faint-foreground": theme.palette.text.secondary,
        "--fc-monarch-now": theme.palette.error.main,
        fontSize: 14,
        "& .appointment-calendar-title.appointment-calendar-title": { fontSize: { xs: "1.05rem", sm: "1.35rem" }, lineHeight: 1.3 },
        // A phone's list view: names wrap instead of being cut off.
        "& .appointment-list-title.appointment-list-title": {
          whiteSpace: "normal",
          overflow: "visible",
          textOverflow: "clip",
          minWidth: 0,
          // A phone's title column is narrow: long words break at syllables instead of running off the card.
          overflowWrap: "break-word",
          hyphens: "auto",
          paddingInlineEnd: "8px",
        },
        "& .appointment-list-time.appointment-list-time": { whiteSpace: "normal", overflow: "visible", textOverflow: "clip" },
        "& .appointment-requested": { outline: "1px dashed #b26a00", outlineOffset: "-1px" },
        // A list row is a rounded pill as wide as the list: its dashed outline ran off the card on phones; "(requested)" and italics say it there.
        "& .appointment-list-item.appointment-requested": { outline: "none" },
        "& .appointment-requested *": { fontStyle: "italic" },
      }}
    >
      <FullCalendar
        // The first view and the toolbar differ on phones: a new calendar when that changes.
        key={phone ? "phone" : "wide"}
        ref={calendar}
        plugins={PLUGINS}
        locales={LOCALES}
        locale={i18n.language === "es" ? "es" : "en"}
        initialView={phone ? "listWeek" : "timeGridWeek"}
        headerToolbar={toolbar.header}
        // The Today button is named by its text (FullCalendar names it "This week", which a voice command would miss).
        todayHint={t("appointments.today")}
        viewHint={(view: string) => t("appointments.viewHint", { view: i18n.language === "es" ? view.toLocaleLowerCase("es") : view })}
        timedText={t("appointments.timed")}
        listItemEventClass="appointment-list-item"
        listItemEventTitleClass="appointment-list-title"
        listItemEventTimeClass="appointment-list-time"
        toolbarTitleClass="appointment-calendar-title"
        titleFormat={phone ? { year: "numeric", month: "short", day: "numeric" } : undefined}
        footerToolbar={toolbar.footer}
        // No inner scrolling box (one a keyboard could not reach): the grid is as tall as the
        // hours it shows, the working day widened to any appointment outside it.
        height="auto"
        slotMinTime={hours.min}
        slotMaxTime={hours.max}
        slotDuration="00:30:00"
        snapDuration="00:15:00"
        nowIndicator
        allDaySlot={false}
        dayMaxEvents
        eventTimeFormat={(info) => (info.end ? `${clock(info.start)} – ${clock(info.end)}` : clock(info.start))}
        slotHeaderFormat={(info) => clock(info.date)}
        events={events}
        eventInteractive
        datesSet={(info) => onRange({ from: info.start.toISOString(), to: info.end.toISOString() })}
        eventClick={(info) => {
          info.jsEvent.preventDefault();
          onOpen(info.event.extendedProps.appointment as Appointment);
        }}
        selectable={!!onSelect}
        selectMirror
        selectAllow={(span) => span.allDay || span.start.getTime() > Date.now()}
        select={(info) => {
          calendar.current?.getApi().unselect();
          onSelect?.(info.start, info.end, info.allDay);
        }}
        eventDurationEditable={false}
        eventDrop={(info) => {
          const start = info.event.start;
          if (!onMove || !start || start.getTime() <= Date.now()) return info.revert();
          onMove(info.event.extendedProps.appointment as Appointment, start, info.revert);
        }}
      />
    </Box>
  );
}
