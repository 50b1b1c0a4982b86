import type { Appointment } from "@clinic/shared";
import { useCallback, useMemo, useRef, useState } from "react";
import { useResource } from "../../../lib/resource.ts";
import { APPOINTMENTS_KEY, calendarPath } from "./api.ts";
import type { CalendarRange } from "./AppointmentCalendar.tsx";

/** Whose appointments the calendar shows: the viewer's, everyone's in scope, or one patient's. */
export type CalendarScope = { kind: "own" } | { kind: "all" } | { kind: "patient"; patientId: string };

function pathOf(range: CalendarRange, scope: CalendarScope): string {
  if (scope.kind === "patient") {
    const query = new URLSearchParams({ user: scope.patientId, from: range.from, to: range.to });
    return `/api/get-calendar-appointments-by-user/?${query}`;
  }
  return calendarPath(range, scope.kind === "all");
}

/**
 * The appointments of the calendar's visible range (requested and accepted), asked again when
 * the range or the scope changes. Until the next range arrives the last one stays drawn.
 */
export function useCalendarAppointments(scope: CalendarScope) {
  const [range, setRange] = useState<CalendarRange | null>(null);
  const path = range ? pathOf(range, scope) : null;
  const { data } = useResource<Appointment[]>([APPOINTMENTS_KEY, "calendar", path], path);
  // A patient's list of every state includes denied requests: the calendar shows held times only.
  const held = useMemo(() => data?.filter((appointment) => appointment.status !== "denied"), [data]);
  const last = useRef<Appointment[]>([]);
  if (held) last.current = held;
  const onRange = useCallback((next: CalendarRange) => setRange((previous) => (previous?.from === next.from && previous.to === next.to ? previous : next)), []);
  return { appointments: last.current, onRange };
}
