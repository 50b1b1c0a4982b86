import type { AdherenceSummary, DashboardSummary as Summary, TodaySummary } from "@clinic/shared";
import CheckCircleOutline from "@mui/icons-material/CheckCircleOutlined";
import {
  Alert,
  Box,
  Card,
  CardContent,
  CardHeader,
  LinearProgress,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Skeleton,
  Typography,
} from "@mui/material";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useResource } from "../../lib/resource.ts";
import { selectPatient } from "../../lib/session.ts";
import { useSelectedPatient } from "../../lib/session.ts";

/** The staff home's figures (`GET /api/dashboard/summary`), by role: counts, today's work, adherence. */
export function DashboardSummary() {
  const { t } = useTranslation();
  // The spec's own text for this failure (§8) replaces the generic notice.
  const { data, network } = useResource<Summary>(["dashboardSummary"], "/api/dashboard/summary", { quiet: true });
  if (network.error) return <Alert severity="error">{t("dashboard.summaryError")}</Alert>;
  if (!data) return <Skeleton variant="rounded" height={120} aria-hidden />;
  switch (data.role) {
    case "admin":
      return (
        <Figures
          label={t("dashboard.platformFigures")}
          items={[
            [t("dashboard.clinics"), data.clinics],
            [t("dashboard.therapists"), data.therapists],
            [t("dashboard.patients"), data.patients],
            [t("dashboard.activeMemberships"), data.activeMemberships],
          ]}
        />
      );
    case "clinic": {
      const held = data.membership;
      return (
        <>
          <Figures
            label={t("dashboard.clinicFigures")}
            items={[
              [t("dashboard.therapists"), held ? t("dashboard.ofLimit", { count: data.therapists, limit: held.nUsers }) : data.therapists],
              [t("dashboard.patients"), held ? t("dashboard.ofLimit", { count: data.patients, limit: held.nPatients }) : data.patients],
              [t("dashboard.todayActivities"), t("dashboard.ofLimit", { count: data.today.done, limit: data.today.total })],
            ]}
          />
          {held ? (
            <Alert severity="info" data-testid="membership">
              {t("dashboard.membership", { plan: held.plan, from: held.fromDate, to: held.toDate })}
            </Alert>
          ) : (
            <Alert severity="warning" data-testid="membership">
              {t("dashboard.noMembership")}
            </Alert>
          )}
          <CareLists today={data.today} adherence={data.adherence} />
        </>
      );
    }
    case "therapist":
      return (
        <>
          <Figures
            label={t("dashboard.myFigures")}
            items={[
              [t("dashboard.myPatients"), data.patients],
              [t("dashboard.todayActivities"), t("dashboard.ofLimit", { count: data.today.done, limit: data.today.total })],
              [t("dashboard.needFollowUp"), data.adherence.patients.length],
            ]}
          />
          <CareLists today={data.today} adherence={data.adherence} />
        </>
      );
  }
}

/** A row of figures, each a labelled number (a named region holding a definition list for screen readers). */
function Figures({ label, items }: { label: string; items: [string, ReactNode][] }) {
  return (
    <Box component="section" aria-label={label}>
      <Box
        component="dl"
        sx={{ m: 0, display: "grid", gap: 2, gridTemplateColumns: { xs: "repeat(2, minmax(0, 1fr))", md: `repeat(${items.length}, minmax(0, 1fr))` } }}
      >
        {items.map(([name, value]) => (
          <Card key={name} variant="outlined" sx={{ display: "flex", flexDirection: "column-reverse", justifyContent: "flex-end", p: 2 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {name}
            </Typography>
            <Typography component="dd" variant="h4" sx={{ m: 0, fontWeight: 600 }}>
              {value}
            </Typography>
          </Card>
        ))}
      </Box>
    </Box>
  );
}

/** Today's assignments and adherence, side by side on wide screens; each patient can be selected. */
function CareLists({ today, adherence }: { today: TodaySummary; adherence: AdherenceSummary }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" }, alignItems: "start" }}>
      <Card variant="outlined" data-testid="today">
        <CardHeader title={t("dashboard.today")} subheader={today.date} slotProps={{ title: { component: "h2", variant: "h6" } }} />
        <CardContent sx={{ pt: 0 }}>
          {today.total > 0 ? (
            <LinearProgress
              variant="determinate"
              value={(today.done / today.total) * 100}
              aria-label={t("dashboard.doneOf", { done: today.done, total: today.total })}
              sx={{ mb: 1, height: 8, borderRadius: 4 }}
            />
          ) : null}
          {today.patients.length === 0 ? (
            <Typography color="text.secondary">{t("dashboard.nothingToday")}</Typography>
          ) : (
            <List dense>
              {today.patients.map((row) => (
                <PatientLine
                  key={row.id}
                  patient={row}
                  detail={t("dashboard.doneOf", { done: row.done, total: row.total })}
                  complete={row.done === row.total}
                />
              ))}
            </List>
          )}
        </CardContent>
      </Card>
      <Card variant="outlined" data-testid="adherence">
        <CardHeader
          title={t("dashboard.adherence")}
          subheader={t("dashboard.adherenceHint", { count: adherence.days })}
          slotProps={{ title: { component: "h2", variant: "h6" } }}
        />
        <CardContent sx={{ pt: 0 }}>
          {adherence.patients.length === 0 ? (
            <Typography color="text.secondary">{t("dashboard.allOnTrack")}</Typography>
          ) : (
            <List dense>
              {adherence.patients.map((row) => (
                <PatientLine
                  key={row.id}
                  patient={row}
                  detail={`${t("dashboard.missed", { count: row.missed })} · ${
                    row.lastDone ? t("dashboard.lastDone", { date: row.lastDone }) : t("dashboard.neverDone")
                  }`}
                />
              ))}
            </List>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}

/** A patient's name that selects them (the top bar's badge), as the dashboard's picker does. */
function PatientLine({ patient, detail, complete }: { patient: { id: string; nombres: string; apellidos: string }; detail: string; complete?: boolean }) {
  const { t } = useTranslation();
  const selected = useSelectedPatient()?.id === patient.id;
  const name = `${patient.nombres} ${patient.apellidos}`.trim();
  return (
    <ListItem disablePadding>
      <ListItemButton
        selected={selected}
        aria-pressed={selected}
        title={t("dashboard.selectPatient", { name })}
        onClick={() => selectPatient({ id: patient.id, nombres: patient.nombres, apellidos: patient.apellidos })}
      >
        <ListItemText primary={name} secondary={detail} />
        {complete ? (
          <ListItemIcon sx={{ minWidth: 0, color: "success.main" }}>
            <CheckCircleOutline aria-label={t("dashboard.allDone")} />
          </ListItemIcon>
        ) : null}
      </ListItemButton>
    </ListItem>
  );
}
