import { type EventDetail, inLanguage, type RegistrationRow } from "@clinic/shared";
import CheckCircle from "@mui/icons-material/CheckCircle";
import HighlightOff from "@mui/icons-material/HighlightOff";
import QrCodeScanner from "@mui/icons-material/QrCodeScanner";
import { Box, Button, Card, Paper, Stack, Typography } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ListLoading, ListPagination } from "../../../lib/components/ListPagination.tsx";
import { type ManageColumn, ManageTable } from "../../../lib/components/ManageTable.tsx";
import { SearchField } from "../../../lib/components/SearchField.tsx";
import { emptyListText } from "../../../lib/empty-list.ts";
import { applyListChanges, useAction } from "../../../lib/resource.ts";
import { usePagedList } from "../../../lib/usePagedList.ts";
import { CHECK_IN_RESOURCE, checkInCode, checkInRegistration, EVERY_EVENT_LIST, registrationReplaced, registrationsPath } from "./api.ts";
import { RESULT_HOLD_MS, refusalOf, ScanGate } from "./check-in.ts";
import { QrScanner } from "./QrScanner.tsx";
import { RegistrationStateChip } from "./StateChips.tsx";

type ScanResult = { ok: true; name: string; detail: string } | { ok: false; message: string };

/** The scan's answer, large enough to read at arm's length: green with the name, or red with the reason. */
function ScanAnswer({ result }: { result: ScanResult }) {
  const { t } = useTranslation();
  return (
    <Paper sx={{ p: 3, color: "common.white", bgcolor: result.ok ? "success.dark" : "error.dark", display: "flex", gap: 2, alignItems: "center" }}>
      {result.ok ? <CheckCircle sx={{ fontSize: 56 }} /> : <HighlightOff sx={{ fontSize: 56 }} />}
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700, overflowWrap: "anywhere" }}>
          {result.ok ? t("events.checkIn.admitted", { name: result.name }) : t("events.checkIn.refused")}
        </Typography>
        <Typography variant="body1" sx={{ overflowWrap: "anywhere" }}>
          {result.ok ? result.detail : result.message}
        </Typography>
      </Box>
    </Paper>
  );
}

/** A big figure of the door: "12 / 30". */
function Counter({ label, value }: { label: string; value: string }) {
  return (
    <Card variant="outlined" sx={{ p: 2, flex: "1 1 140px", display: "flex", flexDirection: "column-reverse" }}>
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="h3" component="dd" sx={{ m: 0, fontWeight: 700 }}>
        {value}
      </Typography>
    </Card>
  );
}

/**
 * The door (issue 37.2): how many are in of those expected, the phone's camera reading tickets'
 * QR codes (each answer shown large for two seconds, then it reads on), and a search by name,
 * email or number with a check-in button for whoever forgot their ticket. Made for a phone.
 */
export function CheckInTab({ event }: { event: EventDetail }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [scanning, setScanning] = useState(false);
  const [result, setResult] = useState<ScanResult | null>(null);
  const gate = useRef(new ScanGate());
  const clearing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(clearing.current), []);
  const list = usePagedList<RegistrationRow>(CHECK_IN_RESOURCE, registrationsPath(event.id), { pageSize: 10 });
  const expected = event.counts.confirmed + event.counts.checkedIn;

  const show = (next: ScanResult) => {
    gate.current.done(Date.now());
    setResult(next);
    navigator.vibrate?.(next.ok ? 120 : [120, 80, 120]);
    clearTimeout(clearing.current);
    clearing.current = setTimeout(() => setResult(null), RESULT_HOLD_MS);
  };
  const onCode = (code: string) => {
    if (!gate.current.accept(code, Date.now())) return;
    checkInCode(event.id, code).then(
      ({ registration }) => {
        show({ ok: true, name: registration.name, detail: `${registration.number} · ${inLanguage(registration.ticketType.name, i18n.language)}` });
        applyListChanges(client, { added: [], changed: registrationReplaced(registration), removed: [] });
        for (const queryKey of EVERY_EVENT_LIST) void client.invalidateQueries({ queryKey });
      },
      (failure: unknown) => show({ ok: false, message: refusalOf(failure, i18n.t) }),
    );
  };
  const checkIn = useAction((row: RegistrationRow) => checkInRegistration(row.id), {
    invalidate: EVERY_EVENT_LIST,
    replaces: (answer) => registrationReplaced(answer.registration),
    success: (answer) => t("events.notices.checkedIn", { name: answer.registration.name }),
  });

  const title: ManageColumn<RegistrationRow> = { key: "name", title: t("events.fields.name"), cell: (row) => row.name, minWidth: 140 };
  const columns: ManageColumn<RegistrationRow>[] = [
    { key: "number", title: t("events.fields.number"), cell: (row) => row.number },
    { key: "ticket", title: t("events.fields.ticketType"), cell: (row) => inLanguage(row.ticketType.name, i18n.language), wideOnly: true },
    { key: "state", title: t("events.fields.state"), cell: (row) => <RegistrationStateChip state={row.state} waitingPosition={row.waitingPosition} /> },
  ];

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Box component="dl" aria-label={t("events.checkIn.counters")} sx={{ display: "flex", flexWrap: "wrap", gap: 2, m: 0 }}>
        <Counter label={t("events.checkIn.checkedInOfExpected")} value={`${event.counts.checkedIn} / ${expected}`} />
        <Counter label={t("events.checkIn.pending")} value={String(event.counts.pending)} />
      </Box>
      <div>
        <Button
          variant={scanning ? "outlined" : "contained"}
          size="large"
          startIcon={<QrCodeScanner />}
          onClick={() => {
            setScanning((on) => !on);
            setResult(null);
          }}
          aria-pressed={scanning}
        >
          {scanning ? t("events.checkIn.stop") : t("events.checkIn.scan")}
        </Button>
      </div>
      {scanning ? <QrScanner onCode={onCode} paused={result !== null} label={t("events.checkIn.camera.label")} /> : null}
      <Box aria-live="assertive" aria-atomic="true">
        {result ? <ScanAnswer result={result} /> : null}
      </Box>
      <Typography component="h3" variant="h6">
        {t("events.checkIn.searchTitle")}
      </Typography>
      <SearchField label={t("events.registrations.search")} value={list.search} onChange={list.onSearch} width={360} />
      <ListLoading loading={list.loading} labels="people" />
      <ManageTable
        rows={list.rows}
        rowKey={(row) => row.id}
        title={title}
        columns={columns}
        label={t("events.checkIn.searchTitle")}
        emptyText={emptyListText(t, list.searched, "events.registrations.empty", "events.registrations.noMatch")}
        actions={(row, nameId) =>
          row.state === "confirmed" ? (
            <Button size="small" variant="contained" aria-describedby={nameId} disabled={checkIn.isPending} onClick={() => checkIn.mutate(row)}>
              {t("events.checkIn.checkIn")}
            </Button>
          ) : null
        }
      />
      <ListPagination list={list} labels="people" />
    </Stack>
  );
}
