import { type EventDashboard, type EventDetail, inLanguage } from "@clinic/shared";
import PictureAsPdf from "@mui/icons-material/PictureAsPdf";
import { Alert, Box, Button, Skeleton, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from "@mui/material";
import { lazy, useId } from "react";
import { useTranslation } from "react-i18next";
import { ChartFigure, FiguresTable, SectionCard } from "../../../lib/components/ChartFigure.tsx";
import { FigureTiles } from "../../../lib/components/FigureTiles.tsx";
import { doorListUrl, useEventDashboard } from "./api.ts";
import { formatMoney } from "../../../lib/money.ts";

// The charts library is large: it loads with the figures, in a chunk of its own.
const RegistrationsChart = lazy(() => import("./RegistrationsChart.tsx").then((m) => ({ default: m.RegistrationsChart })));

/** A balance with its sign always shown ("+€99.60", "−€12.00"), in the event's currency. */
export const signedMoney = (cents: number, currency: string, language: string) => formatMoney(cents, currency, language, { signed: true });

/** The share of places taken, as a whole percent. */
export const usedPercent = (taken: number, capacity: number) => (capacity > 0 ? Math.round((taken / capacity) * 100) : 0);

/** The balance: green and "surplus" above zero, red and "deficit" below, so colour is never the only sign. */
function Balance({ cents, currency }: { cents: number; currency: string }) {
  const { t, i18n } = useTranslation();
  const kind = cents > 0 ? "surplus" : cents < 0 ? "deficit" : "even";
  return (
    <Box component="span" data-balance={kind} sx={{ color: cents > 0 ? "success.dark" : cents < 0 ? "error.main" : "text.primary" }}>
      {signedMoney(cents, currency, i18n.language)}
      <Typography component="span" variant="body2" sx={{ display: "block", fontWeight: 400 }}>
        {t(`eventReports.dashboard.${kind}`)}
      </Typography>
    </Box>
  );
}

function Figures({ data }: { data: EventDashboard }) {
  const { t, i18n } = useTranslation();
  const count = (value: number) => new Intl.NumberFormat(i18n.language === "es" ? "es-ES" : "en-GB").format(value);
  const money = (cents: number) => formatMoney(cents, data.currency, i18n.language);
  const placesHeld = data.pending + data.confirmed + data.checkedIn;
  return (
    <FigureTiles
      label={t("eventReports.dashboard.figures")}
      columns={{ md: 3, xl: 6 }}
      items={[
        [
          t("eventReports.dashboard.capacityUsed"),
          t("eventReports.dashboard.ofCapacity", { taken: count(data.taken), capacity: count(data.capacity), percent: usedPercent(data.taken, data.capacity) }),
        ],
        [t("eventReports.dashboard.checkedIn"), t("eventReports.dashboard.ofHeld", { inside: count(data.checkedIn), held: count(placesHeld) })],
        [t("eventReports.dashboard.waiting"), count(data.waiting)],
        [t("eventReports.dashboard.income"), money(data.incomeCents)],
        [t("eventReports.dashboard.costs"), money(data.costsCents)],
        [t("eventReports.dashboard.balance"), <Balance key="balance" cents={data.balanceCents} currency={data.currency} />],
      ]}
    />
  );
}

function OverTime({ data }: { data: EventDashboard }) {
  const { t } = useTranslation();
  const tableId = useId();
  const labels = {
    held: t("eventReports.dashboard.held"),
    registrations: t("eventReports.dashboard.registrations"),
    cancellations: t("eventReports.dashboard.cancellations"),
  };
  const days = data.overTime;
  const registered = days.reduce((sum, day) => sum + day.registrations, 0);
  return (
    <SectionCard title={t("eventReports.dashboard.overTime")}>
      {days.length === 0 ? (
        <Typography color="text.secondary">{t("eventReports.dashboard.noRegistrations")}</Typography>
      ) : (
        <>
          <ChartFigure
            summary={t("eventReports.dashboard.overTimeSummary", { registered, days: days.length, held: days.at(-1)?.held ?? 0 })}
            tableId={tableId}
            points={days.length}
            height={260}
          >
            <RegistrationsChart days={days} labels={labels} />
          </ChartFigure>
          <FiguresTable id={tableId} caption={t("eventReports.dashboard.overTimeTable")} captionHidden>
            <TableHead>
              <TableRow>
                <TableCell>{t("eventReports.dashboard.day")}</TableCell>
                <TableCell align="right">{labels.registrations}</TableCell>
                <TableCell align="right">{labels.cancellations}</TableCell>
                <TableCell align="right">{labels.held}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {days.map((day) => (
                <TableRow key={day.day}>
                  <TableCell component="th" scope="row">
                    {day.day}
                  </TableCell>
                  <TableCell align="right">{day.registrations}</TableCell>
                  <TableCell align="right">{day.cancellations}</TableCell>
                  <TableCell align="right">{day.held}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </FiguresTable>
        </>
      )}
    </SectionCard>
  );
}

function Tickets({ data }: { data: EventDashboard }) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, data.currency, i18n.language);
  return (
    <SectionCard title={t("eventReports.dashboard.tickets")}>
      <TableContainer>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t("eventReports.dashboard.ticket")}</TableCell>
              <TableCell align="right">{t("eventReports.dashboard.price")}</TableCell>
              <TableCell align="right">{t("eventReports.dashboard.taken")}</TableCell>
              <TableCell align="right">{t("eventReports.dashboard.income")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.ticketTypes.map((ticket) => (
              <TableRow key={ticket.id}>
                <TableCell component="th" scope="row">
                  {inLanguage(ticket.name, i18n.language)}
                </TableCell>
                <TableCell align="right">{ticket.priceCents === 0 ? t("eventReports.dashboard.free") : money(ticket.priceCents)}</TableCell>
                <TableCell align="right">
                  {ticket.capacity === null ? ticket.taken : t("eventReports.dashboard.takenOf", { taken: ticket.taken, capacity: ticket.capacity })}
                </TableCell>
                <TableCell align="right">{money(ticket.incomeCents)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </SectionCard>
  );
}

/**
 * An event's overview (issue 37.7): places used, check-ins, the waiting list, income from the
 * payments ledger against costs and the balance, registrations over time as a chart with its
 * table, each ticket type's figures, and the door list to print.
 */
export function EventDashboardTab({ event }: { event: EventDetail }) {
  const { t, i18n } = useTranslation();
  const { data, network } = useEventDashboard(event.id);
  const title = inLanguage(event.title, i18n.language);
  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", justifyContent: "flex-end" }}>
        <Button
          variant="outlined"
          component="a"
          href={doorListUrl(event.id, i18n.language)}
          download={`${t("eventReports.doorList.file")}-${event.id}.pdf`}
          startIcon={<PictureAsPdf />}
          aria-label={t("eventReports.doorList.label", { title })}
        >
          {t("eventReports.doorList.button")}
        </Button>
      </Stack>
      {network.error ? <Alert severity="error">{t("eventReports.dashboard.loadError")}</Alert> : null}
      {!data ? (
        network.error ? null : (
          <Skeleton variant="rounded" height={320} aria-hidden />
        )
      ) : (
        <>
          <Figures data={data} />
          <OverTime data={data} />
          <Tickets data={data} />
        </>
      )}
    </Stack>
  );
}
