import { type EventDetail, inLanguage, REGISTRATION_STATES, type RegistrationRow, type RegistrationState } from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import PictureAsPdfOutlined from "@mui/icons-material/PictureAsPdfOutlined";
import { Box, Button, Link, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListLoading, ListPagination } from "../../../lib/components/ListPagination.tsx";
import { type ManageColumn, ManageTable } from "../../../lib/components/ManageTable.tsx";
import { SearchField } from "../../../lib/components/SearchField.tsx";
import { formatDateTime } from "../../../lib/dates.ts";
import { emptyListText } from "../../../lib/empty-list.ts";
import { usePagedList } from "../../../lib/usePagedList.ts";
import { VISUALLY_HIDDEN } from "../../../lib/visually-hidden.ts";
import { EventExportButtons } from "../reports/EventExportButtons.tsx";
import { AddRegistrationDialog } from "./AddRegistrationDialog.tsx";
import { doorListPath, REGISTRATIONS_RESOURCE, registrationsPath } from "./api.ts";
import { RegistrationDialog } from "./RegistrationDialog.tsx";
import { RegistrationStateChip } from "./StateChips.tsx";
import { formatMoney } from "../../../lib/money.ts";

/** What a registration costs, and under it what is paid or refunded when that differs. */
function AmountCell({ row }: { row: RegistrationRow }) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, row.currency, i18n.language);
  if (row.amountCents === 0) return <>{t("events.registrations.free")}</>;
  const notes = [
    row.paidCents !== row.amountCents ? t("events.registrations.paid", { amount: money(row.paidCents) }) : null,
    row.refundedCents > 0 ? t("events.registrations.refunded", { amount: money(row.refundedCents) }) : null,
  ].filter((note) => note !== null);
  return (
    <Box sx={{ whiteSpace: "nowrap" }}>
      {money(row.amountCents)}
      {notes.map((note) => (
        <Typography key={note} variant="caption" color="text.secondary" sx={{ display: "block" }}>
          {note}
        </Typography>
      ))}
    </Box>
  );
}

/**
 * The event's registrations: searched by name, email or number (ER-000042), narrowed by state,
 * with what each owes and has paid and its place on the waiting list. A name opens the
 * registration with its answers, payments and actions; staff may add someone themselves. The
 * door list (PDF) and the registrations' and payments' exports are here too.
 */
export function RegistrationsTab({ event }: { event: EventDetail }) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<RegistrationState | "">("");
  const [adding, setAdding] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const list = usePagedList<RegistrationRow>(REGISTRATIONS_RESOURCE, registrationsPath(event.id), { filters: { state }, pageSize: 25 });
  const exportQuery = Object.fromEntries(Object.entries({ q: list.search.trim(), state }).filter(([, value]) => value !== ""));

  const title: ManageColumn<RegistrationRow> = {
    key: "name",
    title: t("events.fields.name"),
    minWidth: 160,
    cell: (row) => (
      <Link component="button" type="button" onClick={() => setOpenId(row.id)} sx={{ textAlign: "left" }}>
        {row.name}
      </Link>
    ),
  };
  const columns: ManageColumn<RegistrationRow>[] = [
    { key: "number", title: t("events.fields.number"), cell: (row) => <Box sx={{ whiteSpace: "nowrap" }}>{row.number}</Box> },
    { key: "email", title: t("events.fields.email"), cell: (row) => row.email, wideOnly: true },
    { key: "ticket", title: t("events.fields.ticketType"), cell: (row) => inLanguage(row.ticketType.name, i18n.language) },
    { key: "state", title: t("events.fields.state"), cell: (row) => <RegistrationStateChip state={row.state} waitingPosition={row.waitingPosition} /> },
    { key: "amount", title: t("events.fields.amount"), align: "right", cell: (row) => <AmountCell row={row} /> },
    {
      key: "created",
      title: t("events.fields.registeredAt"),
      cell: (row) => <Box sx={{ whiteSpace: "nowrap" }}>{formatDateTime(row.createdAt)}</Box>,
      wideOnly: true,
    },
  ];

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1} useFlexGap sx={{ flexWrap: "wrap", alignItems: { sm: "center" } }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          {t("events.registrations.add")}
        </Button>
        <Button variant="outlined" startIcon={<PictureAsPdfOutlined />} href={doorListPath(event.id)} target="_blank" rel="noopener">
          {t("events.registrations.doorList")}
        </Button>
      </Stack>
      <Stack direction={{ xs: "column", md: "row" }} spacing={{ xs: 1, md: 3 }} useFlexGap sx={{ flexWrap: "wrap" }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
          <Typography variant="body2" color="text.secondary" aria-hidden>
            {t("events.registrations.exportRegistrations")}
          </Typography>
          <EventExportButtons what="registrations" eventId={event.id} query={exportQuery} />
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
          <Typography variant="body2" color="text.secondary" aria-hidden>
            {t("events.registrations.exportPayments")}
          </Typography>
          <EventExportButtons what="payments" eventId={event.id} />
        </Stack>
      </Stack>
      <Box component="section" aria-label={t("events.registrations.filters")}>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} useFlexGap sx={{ flexWrap: "wrap", alignItems: { sm: "flex-start" } }}>
          <SearchField label={t("events.registrations.search")} value={list.search} onChange={list.onSearch} width={300} />
          <TextField
            select
            size="small"
            label={t("events.fields.state")}
            value={state}
            onChange={(change) => setState(change.target.value as RegistrationState | "")}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            sx={{ width: { xs: "100%", sm: 200 } }}
          >
            <MenuItem value="">{t("events.list.allStates")}</MenuItem>
            {REGISTRATION_STATES.map((one) => (
              <MenuItem key={one} value={one}>
                {t(`events.registrationStates.${one}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </Box>
      <Typography component="h3" sx={VISUALLY_HIDDEN}>
        {t("events.registrations.label")}
      </Typography>
      <ListLoading loading={list.loading} labels="people" />
      <ManageTable
        rows={list.rows}
        rowKey={(row) => row.id}
        title={title}
        columns={columns}
        label={t("events.registrations.label")}
        emptyText={emptyListText(t, list.searched, state ? "events.registrations.noneFiltered" : "events.registrations.empty", "events.registrations.noMatch")}
      />
      <ListPagination list={list} labels="people" />
      <AddRegistrationDialog open={adding} event={event} onClose={() => setAdding(false)} onAdded={(added) => setOpenId(added.id)} />
      {openId !== null ? <RegistrationDialog registrationId={openId} event={event} onClose={() => setOpenId(null)} /> : null}
    </Stack>
  );
}
