import { EVENT_STATES, type EventRow, type EventState, inLanguage } from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import ChecklistOutlined from "@mui/icons-material/ChecklistOutlined";
import { Box, Button, Link, MenuItem, Stack, Tab, Tabs, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router";
import { ListLoading, ListPagination } from "../../../lib/components/ListPagination.tsx";
import { type ManageColumn, ManageTable } from "../../../lib/components/ManageTable.tsx";
import { SearchField } from "../../../lib/components/SearchField.tsx";
import type { PickerOption } from "../../../lib/components/SearchPicker.tsx";
import { emptyListText } from "../../../lib/empty-list.ts";
import { usePagedList } from "../../../lib/usePagedList.ts";
import { VISUALLY_HIDDEN } from "../../../lib/visually-hidden.ts";
import { ClinicPicker } from "../../people/Pickers.tsx";
import { EventExportButtons } from "../reports/EventExportButtons.tsx";
import { EVENTS_PATH, EVENTS_RESOURCE, eventPagePath, TEMPLATES_PAGE, useEventAbilities } from "./api.ts";
import { EventDialog } from "./EventDialog.tsx";
import { eventWhen } from "./format.ts";
import { EventStateChip } from "./StateChips.tsx";

const WHENS = ["upcoming", "past", "all"] as const;
type When = (typeof WHENS)[number];

const whenOf = (value: string | null): When => ((WHENS as readonly string[]).includes(value ?? "") ? (value as When) : "upcoming");

/**
 * The clinic's events (`/event/app`): upcoming first (soonest first), past ones, or all; searched
 * by title and narrowed by state (and by clinic, for a platform admin). Each row shows when (in the
 * event's own zone), where, its state and its places; its title opens the event. "New event"
 * opens the editor. The period stays in the address (`?when=past`), so going back returns to it.
 */
export function EventsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const abilities = useEventAbilities();
  const [params, setParams] = useSearchParams();
  const when = whenOf(params.get("when"));
  const [state, setState] = useState<EventState | "">("");
  const [clinic, setClinic] = useState<PickerOption | null>(null);
  const [adding, setAdding] = useState(false);
  const filters = { when, state, clinicId: clinic?.id ?? "" };
  const list = usePagedList<EventRow>(EVENTS_RESOURCE, EVENTS_PATH, { filters, pageSize: 25 });
  const exportQuery = Object.fromEntries(Object.entries({ q: list.search.trim(), ...filters }).filter(([, value]) => value !== ""));
  const chooseWhen = (next: When) => setParams(next === "upcoming" ? {} : { when: next }, { replace: true });

  const title: ManageColumn<EventRow> = {
    key: "title",
    title: t("events.fields.title"),
    minWidth: 200,
    cell: (event) => (
      <Link component={RouterLink} to={eventPagePath(event.id)}>
        {inLanguage(event.title, i18n.language)}
      </Link>
    ),
  };
  const columns: ManageColumn<EventRow>[] = [
    {
      key: "when",
      title: t("events.fields.when"),
      minWidth: 170,
      cell: (event) => (
        <>
          {eventWhen(event)}
          <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
            {event.timeZone}
          </Typography>
        </>
      ),
    },
    { key: "venue", title: t("events.fields.venue"), minWidth: 140, cell: (event) => event.venue || t("events.list.online") },
    { key: "state", title: t("events.fields.state"), cell: (event) => <EventStateChip state={event.state} /> },
    {
      key: "places",
      title: t("events.fields.places"),
      align: "right",
      cell: (event) => t("events.list.places", { taken: event.taken, capacity: event.capacity }),
    },
    { key: "waiting", title: t("events.fields.waiting"), align: "right", cell: (event) => event.waiting },
    { key: "checkedIn", title: t("events.fields.checkedIn"), align: "right", cell: (event) => event.checkedIn },
    ...(abilities.choosesClinic
      ? [{ key: "clinic", title: t("events.fields.clinic"), minWidth: 140, cell: (event: EventRow) => event.clinic.name, wideOnly: true }]
      : []),
  ];
  const filtered = state !== "" || clinic !== null;

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Typography color="text.secondary">{t("events.list.intro")}</Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1} useFlexGap sx={{ flexWrap: "wrap", alignItems: { sm: "center" } }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          {t("events.list.add")}
        </Button>
        <Button variant="outlined" component={RouterLink} to={TEMPLATES_PAGE} startIcon={<ChecklistOutlined />}>
          {t("events.list.templates")}
        </Button>
        <EventExportButtons what="events" query={exportQuery} />
      </Stack>
      <Tabs value={when} onChange={(_, next: When) => chooseWhen(next)} aria-label={t("events.list.period")} variant="scrollable">
        {WHENS.map((one) => (
          <Tab key={one} value={one} label={t(`events.list.when.${one}`)} />
        ))}
      </Tabs>
      <Box component="section" aria-label={t("events.list.filters")}>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} useFlexGap sx={{ flexWrap: "wrap", alignItems: { sm: "flex-start" } }}>
          <SearchField label={t("events.list.search")} value={list.search} onChange={list.onSearch} width={260} />
          <TextField
            select
            size="small"
            label={t("events.fields.state")}
            value={state}
            onChange={(event) => setState(event.target.value as EventState | "")}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            sx={{ width: { xs: "100%", sm: 180 } }}
          >
            <MenuItem value="">{t("events.list.allStates")}</MenuItem>
            {EVENT_STATES.map((one) => (
              <MenuItem key={one} value={one}>
                {t(`events.states.${one}`)}
              </MenuItem>
            ))}
          </TextField>
          {abilities.choosesClinic ? <ClinicPicker label={t("events.fields.clinic")} size="small" value={clinic} onChange={setClinic} /> : null}
        </Stack>
      </Box>
      <Typography component="h2" sx={VISUALLY_HIDDEN}>
        {t("events.list.label")}
      </Typography>
      <ListLoading loading={list.loading} labels="catalogue" />
      <ManageTable
        rows={list.rows}
        rowKey={(event) => event.id}
        title={title}
        columns={columns}
        label={t("events.list.label")}
        emptyText={emptyListText(t, list.searched, filtered ? "events.list.noneFiltered" : `events.list.empty.${when}`, "events.list.noMatch")}
      />
      <ListPagination list={list} labels="catalogue" />
      <EventDialog
        open={adding}
        event={null}
        choosesClinic={abilities.choosesClinic}
        onClose={() => setAdding(false)}
        onSaved={(saved) => navigate(eventPagePath(saved.id))}
      />
    </Stack>
  );
}
