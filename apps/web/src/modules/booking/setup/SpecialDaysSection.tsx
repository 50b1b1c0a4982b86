import type { BookingLocation, BookingProvider, BookingSpecialDay } from "@clinic/shared";
import { Paper, Stack, Typography } from "@mui/material";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DateField } from "../../../lib/components/DateField.tsx";
import { ManageList, useDeleteConfirm } from "../../../lib/components/ManageList.tsx";
import { useResource } from "../../../lib/resource.ts";
import { deleteSpecialDay, EVERY_SETUP_LIST, SETUP_KEY } from "./api.ts";
import { hoursLabel } from "./hours.ts";
import { SpecialDayDialog } from "./SpecialDayDialog.tsx";
import { zonedDay } from "../../../lib/zoned-time.ts";

/** The days shown at first: from today at the location for a year, where holidays are planned. */
const firstRange = (timeZone: string) => {
  const today = zonedDay(new Date().toISOString(), timeZone);
  return { from: today, to: dayjs(today).add(1, "year").format("YYYY-MM-DD") };
};

/** Holidays and other hours at the location, by date within a range: for everyone there, or one provider. */
export function SpecialDaysSection({ location, providers }: { location: BookingLocation; providers: readonly BookingProvider[] }) {
  const { t } = useTranslation();
  const [range, setRange] = useState(() => firstRange(location.timeZone));
  const [draft, setDraft] = useState(range);
  const today = firstRange(location.timeZone).from;
  const query = new URLSearchParams({ locationId: String(location.id), from: range.from, to: range.to });
  const days = useResource<BookingSpecialDay[]>([SETUP_KEY, "special-days", location.id, range.from, range.to], `/api/schedule/special-days?${query}`);
  const deletion = useDeleteConfirm<BookingSpecialDay>({
    title: t("bookingSetup.specialDays.deleteTitle"),
    text: (day) => t("bookingSetup.specialDays.deleteText", { date: day.date }),
    run: (day) => deleteSpecialDay(day.id),
    invalidate: EVERY_SETUP_LIST,
    deleted: (day) => t("bookingSetup.specialDays.deleted", { date: day.date }),
  });
  const edit = (change: Partial<typeof range>) => {
    const next = { ...draft, ...change };
    setDraft(next);
    // An unfinished date is "" (DateField): the list keeps the last whole range meanwhile.
    if (next.from && next.to && next.from <= next.to) setRange(next);
  };
  const backwards = draft.from !== "" && draft.to !== "" && draft.from > draft.to;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="booking-special-days-heading">
      <Stack spacing={1.5}>
        <div>
          <Typography id="booking-special-days-heading" component="h2" variant="h6">
            {t("bookingSetup.specialDays.title")}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t("bookingSetup.specialDays.intro")}
          </Typography>
        </div>
        <Stack direction="row" spacing={2} useFlexGap>
          <DateField
            label={t("bookingSetup.specialDays.from")}
            size="small"
            value={draft.from}
            onChange={(from) => edit({ from })}
            maxDate={draft.to || undefined}
            sx={{ width: { xs: "50%", sm: 180 } }}
          />
          <DateField
            label={t("bookingSetup.specialDays.to")}
            size="small"
            value={draft.to}
            onChange={(to) => edit({ to })}
            minDate={draft.from || undefined}
            error={backwards}
            helperText={backwards ? t("bookingSetup.specialDays.backwards") : undefined}
            sx={{ width: { xs: "50%", sm: 180 } }}
          />
        </Stack>
        <ManageList
          addLabel={t("bookingSetup.specialDays.add")}
          canAdd
          canEdit
          onDelete={deletion.ask}
          rows={days.data}
          loading={days.isLoading}
          rowKey={(day) => day.id}
          title={{ key: "date", title: t("bookingSetup.specialDays.date"), cell: (day) => <span style={{ whiteSpace: "nowrap" }}>{day.date}</span> }}
          columns={[
            { key: "who", title: t("bookingSetup.specialDays.who"), cell: (day) => day.provider?.name ?? t("bookingSetup.specialDays.everyone") },
            {
              key: "hours",
              title: t("bookingSetup.specialDays.hours"),
              cell: (day) => (day.closed || !day.start || !day.end ? t("bookingSetup.specialDays.closed") : hoursLabel(day.start, day.end)),
            },
            { key: "note", title: t("bookingSetup.specialDays.note"), cell: (day) => day.note || "—" },
          ]}
          label={t("bookingSetup.specialDays.listLabel")}
          emptyText={t("bookingSetup.specialDays.empty")}
          nameOf={(day) => day.date}
          dialog={({ row, open, onClose }) => (
            <SpecialDayDialog open={open} day={row} locationId={location.id} providers={providers} today={today} onClose={onClose} />
          )}
        >
          {deletion.dialog}
        </ManageList>
      </Stack>
    </Paper>
  );
}
