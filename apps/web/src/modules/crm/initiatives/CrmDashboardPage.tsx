import { CRM_DASHBOARD_DAYS, isRouteVisible, routeById } from "@clinic/shared";
import { Alert, Button, Skeleton, Stack, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { lazy, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { ChartFigure, FiguresTable, SectionCard } from "../../../lib/components/ChartFigure.tsx";
import type { PickerOption } from "../../../lib/components/SearchPicker.tsx";
import { FigureTiles } from "../../../lib/components/FigureTiles.tsx";
import { useNotices } from "../../../lib/notices.tsx";
import { useSignedIn, visibilityOf } from "../../../lib/session.ts";
import { ClinicPicker } from "../../people/Pickers.tsx";
import { useDashboard } from "./api.ts";

// The charts library is large: it loads with the figures, in a chunk of its own.
const CallsPerDayChart = lazy(() => import("./DashboardChart.tsx").then((m) => ({ default: m.CallsPerDayChart })));

/** The other CRM screens, in the order a day's work goes. */
const SCREENS = ["crmUsers", "crmInitiatives", "crmCallCenter", "crmStatistics", "crmEmail"] as const;

/**
 * The CRM's summary (`/crm/app`): the clinic's clients, initiatives read and not read, calls
 * today, emails sent and the conversion of the last days, then calls per day as a chart with its
 * table, and the way into the other CRM screens the user may open. An agent's figures are their
 * own initiatives and calls; a platform admin may narrow them to one clinic.
 */
export function CrmDashboardPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language === "es" ? "es-ES" : "en-GB";
  const session = useSignedIn();
  const visibility = visibilityOf(session);
  const notices = useNotices();
  const tableId = useId();
  const [clinic, setClinic] = useState<PickerOption | null>(null);
  const { data, network } = useDashboard(clinic?.id ?? null);
  // Spec §8's own words for this failure, once per failure.
  const told = useRef(false);
  useEffect(() => {
    if (!network.error) told.current = false;
    else if (!told.current) {
      told.current = true;
      notices.failure(t("crmInitiatives.dashboard.loadError"));
    }
  }, [network.error, notices, t]);
  const count = (value: number) => new Intl.NumberFormat(language).format(value);
  const percent = (value: number | null) =>
    value === null ? "—" : new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 1 }).format(value);
  const labels = { calls: t("crmInitiatives.dashboard.calls"), converted: t("crmInitiatives.dashboard.converted") };

  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <Typography color="text.secondary">{t("crmInitiatives.dashboard.intro", { days: CRM_DASHBOARD_DAYS })}</Typography>
      {session.isAdmin ? (
        <div>
          <ClinicPicker label={t("crmInitiatives.dashboard.clinic")} value={clinic} onChange={setClinic} size="small" />
        </div>
      ) : null}
      {network.error ? <Alert severity="error">{t("crmInitiatives.dashboard.loadError")}</Alert> : null}
      {!data ? (
        network.error ? null : (
          <Skeleton variant="rounded" height={320} aria-hidden />
        )
      ) : (
        <>
          <FigureTiles
            label={t("crmInitiatives.dashboard.figures")}
            columns={{ md: 3, xl: 6 }}
            items={[
              [t("crmInitiatives.dashboard.clients"), count(data.clients)],
              [t("crmInitiatives.dashboard.notRead"), count(data.initiativesByState.not_readed)],
              [t("crmInitiatives.dashboard.read"), count(data.initiativesByState.read)],
              [t("crmInitiatives.dashboard.callsToday"), count(data.callsToday)],
              [t("crmInitiatives.dashboard.emailsSent"), count(data.emailsSent)],
              [
                t("crmInitiatives.dashboard.conversion", { days: CRM_DASHBOARD_DAYS }),
                t("crmInitiatives.dashboard.conversionOf", {
                  rate: percent(data.conversion.rate),
                  converted: count(data.conversion.converted),
                  calls: count(data.conversion.calls),
                }),
              ],
            ]}
          />
          <SectionCard title={t("crmInitiatives.dashboard.perDay", { days: CRM_DASHBOARD_DAYS })}>
            <ChartFigure
              summary={t("crmInitiatives.dashboard.perDaySummary", {
                calls: data.conversion.calls,
                converted: data.conversion.converted,
                days: CRM_DASHBOARD_DAYS,
              })}
              tableId={tableId}
              points={data.callsByDay.length}
              height={260}
            >
              <CallsPerDayChart days={data.callsByDay} labels={labels} />
            </ChartFigure>
            <FiguresTable id={tableId} caption={t("crmInitiatives.dashboard.perDayTable")} captionHidden>
              <TableHead>
                <TableRow>
                  <TableCell>{t("crmInitiatives.dashboard.day")}</TableCell>
                  <TableCell align="right">{labels.calls}</TableCell>
                  <TableCell align="right">{labels.converted}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.callsByDay.map((day) => (
                  <TableRow key={day.day}>
                    <TableCell component="th" scope="row">
                      {day.day}
                    </TableCell>
                    <TableCell align="right">{count(day.calls)}</TableCell>
                    <TableCell align="right">{count(day.converted)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </FiguresTable>
          </SectionCard>
        </>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }} component="nav" aria-label={t("crmInitiatives.dashboard.screens")}>
        {SCREENS.filter((id) => isRouteVisible(routeById(id), visibility)).map((id) => (
          <Button key={id} component={RouterLink} to={routeById(id).path} variant="outlined">
            {t(`crmInitiatives.dashboard.links.${id}`)}
          </Button>
        ))}
      </Stack>
    </Stack>
  );
}
