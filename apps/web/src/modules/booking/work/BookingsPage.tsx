import { BOOKING_STATUSES, type Booking, type BookingStatus } from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import { Box, Button, MenuItem, Stack, TextField, Typography, useMediaQuery, useTheme } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DateField } from "../../../lib/components/DateField.tsx";
import { ListLoading, ListPagination } from "../../../lib/components/ListPagination.tsx";
import { SearchField } from "../../../lib/components/SearchField.tsx";
import { todayOf } from "../../../lib/date-range.ts";
import { emptyListText } from "../../../lib/empty-list.ts";
import { usePagedList } from "../../../lib/usePagedList.ts";
import { VISUALLY_HIDDEN } from "../../../lib/visually-hidden.ts";
import { formatZonedTime } from "../shared/format.ts";
import { type ManageColumn, ManageTable } from "../../../lib/components/ManageTable.tsx";
import { BOOKINGS_PATH, BOOKINGS_RESOURCE, useCurrency, useProviders, useServices } from "./api.ts";
import { BookForClientDialog } from "./BookForClientDialog.tsx";
import { BookingDetailsDialog } from "./BookingDetailsDialog.tsx";
import { formatZonedDay } from "./booking-days.ts";
import { StatusChip } from "./StatusChip.tsx";

interface Filters {
  from: string;
  to: string;
  status: BookingStatus | "";
  providerId: string;
  serviceId: number | "";
}

/** A filter's select with "All" first. */
function FilterSelect<V extends string | number>(props: {
  label: string;
  value: V | "";
  options: readonly { value: V; label: string }[];
  onChange: (value: V | "") => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value}
      onChange={(event) => {
        const raw = event.target.value;
        const match = props.options.find((option) => String(option.value) === String(raw));
        props.onChange(match ? match.value : "");
      }}
      // "All" shows when nothing is chosen, rather than an empty box under its label.
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={{ width: { xs: "100%", sm: 200 } }}
    >
      <MenuItem value="">{t("bookingWork.bookings.all")}</MenuItem>
      {props.options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * Bookings (`/schedule/app/booking`): the clinic's bookings by start, from today on unless the
 * dates say otherwise, filtered by status, provider and service and searched by the client's
 * name or email; each opens in a dialog to move, cancel or mark it, and staff book for clients.
 */
export function BookingsPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("sm"));
  const currency = useCurrency();
  const services = useServices();
  const providers = useProviders();
  const [filters, setFilters] = useState<Filters>({ from: todayOf(), to: "", status: "", providerId: "", serviceId: "" });
  const [open, setOpen] = useState<Booking | null>(null);
  const [booking, setBooking] = useState(false);
  const list = usePagedList<Booking>(BOOKINGS_RESOURCE, BOOKINGS_PATH, { filters: { ...filters }, pageSize: 25 });
  const filter = (change: Partial<Filters>) => setFilters((current) => ({ ...current, ...change }));
  const filtered = Object.entries(filters).some(([key, value]) => value !== "" && !(key === "from" && value === todayOf()));

  /** A name with what qualifies it below, smaller: a client's email, a service's variation, a provider's location. */
  const twoLines = (main: string, below: string) => (
    <Stack component="span">
      <span>{main}</span>
      <Typography component="span" variant="body2" color="text.secondary" sx={{ wordBreak: "break-word" }}>
        {below}
      </Typography>
    </Stack>
  );
  const columns: ManageColumn<Booking>[] = [
    { key: "client", title: t("bookingWork.fields.client"), cell: (row) => twoLines(row.client.name, row.client.email), minWidth: 160 },
    { key: "service", title: t("bookingWork.fields.service"), cell: (row) => twoLines(row.service.name, row.variation.name), minWidth: 140 },
    { key: "provider", title: t("bookingWork.fields.provider"), cell: (row) => twoLines(row.provider.name, row.location.name) },
  ];
  // On a phone each booking is a card whose heading is its time: the status is a line of its own.
  // In the table it sits under the time, which leaves the names room enough not to wrap.
  if (phone) columns.push({ key: "status", title: t("bookingWork.fields.status"), cell: (row) => <StatusChip status={row.status} /> });
  /** The day and the times, each kept whole: in a table's narrow column they stack. */
  const when = (row: Booking) => {
    const zone = row.location.timeZone;
    return (
      <>
        <span style={{ whiteSpace: "nowrap" }}>{formatZonedDay(row.start, zone, language)}</span>{" "}
        <span style={{ whiteSpace: "nowrap" }}>
          {formatZonedTime(row.start, zone, language)}–{formatZonedTime(row.end, zone, language)}
        </span>
        {phone ? null : (
          <Box sx={{ mt: 0.5 }}>
            <StatusChip status={row.status} />
          </Box>
        )}
      </>
    );
  };

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Typography color="text.secondary">{t("bookingWork.bookings.intro")}</Typography>
      <div>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setBooking(true)} disabled={!services.data}>
          {t("bookingWork.book.open")}
        </Button>
      </div>
      <Box component="section" aria-label={t("bookingWork.bookings.filters")}>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} useFlexGap sx={{ flexWrap: "wrap", alignItems: { sm: "flex-start" } }}>
          <SearchField label={t("bookingWork.bookings.search")} value={list.search} onChange={list.onSearch} width={260} />
          <Stack direction="row" spacing={2}>
            <DateField
              label={t("bookingWork.bookings.from")}
              size="small"
              value={filters.from}
              onChange={(from) => filter({ from })}
              maxDate={filters.to || undefined}
              sx={{ width: { xs: "50%", sm: 170 } }}
            />
            <DateField
              label={t("bookingWork.bookings.to")}
              size="small"
              value={filters.to}
              onChange={(to) => filter({ to })}
              minDate={filters.from || undefined}
              sx={{ width: { xs: "50%", sm: 170 } }}
            />
          </Stack>
          <FilterSelect
            label={t("bookingWork.fields.status")}
            value={filters.status}
            options={BOOKING_STATUSES.map((status) => ({ value: status, label: t(`bookingShared.statuses.${status}`) }))}
            onChange={(status) => filter({ status })}
          />
          <FilterSelect
            label={t("bookingWork.fields.provider")}
            value={filters.providerId}
            options={(providers.data ?? []).map((provider) => ({ value: provider.id, label: provider.name }))}
            onChange={(providerId) => filter({ providerId })}
          />
          <FilterSelect
            label={t("bookingWork.fields.service")}
            value={filters.serviceId}
            options={(services.data ?? []).map((service) => ({ value: service.id, label: service.name }))}
            onChange={(serviceId) => filter({ serviceId })}
          />
        </Stack>
      </Box>
      {/* Named for screen readers: on a phone each booking is a card headed h3, which wants an h2 above it. */}
      <Typography component="h2" sx={VISUALLY_HIDDEN}>
        {t("bookingWork.bookings.listLabel")}
      </Typography>
      <ListLoading loading={list.loading} labels="catalogue" />
      <ManageTable
        rows={list.rows}
        rowKey={(row) => row.id}
        title={{ key: "when", title: phone ? t("bookingWork.fields.when") : t("bookingWork.bookings.whenAndStatus"), cell: when, minWidth: 130 }}
        columns={columns}
        label={t("bookingWork.bookings.listLabel")}
        emptyText={emptyListText(
          t,
          list.searched,
          filtered ? "bookingWork.bookings.noneFiltered" : "bookingWork.bookings.empty",
          "bookingWork.bookings.noMatch",
        )}
        actions={(row, nameId) => (
          <Button size="small" variant="outlined" onClick={() => setOpen(row)} aria-describedby={nameId}>
            {t("bookingWork.bookings.details")}
          </Button>
        )}
      />
      <ListPagination list={list} labels="catalogue" />
      <BookingDetailsDialog booking={open} currency={currency} onClose={() => setOpen(null)} onChanged={setOpen} />
      {booking && services.data ? <BookForClientDialog services={services.data} currency={currency} onClose={() => setBooking(false)} /> : null}
    </Stack>
  );
}
