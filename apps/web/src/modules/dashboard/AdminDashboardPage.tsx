import { GROUP_NAMES, type GroupId, type Paged, type UserSummary } from "@clinic/shared";
import { Avatar, Box, Button, Card, CardContent, CardHeader, List, ListItem, ListItemAvatar, ListItemText, Pagination, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../lib/i18n.ts";
import { useResource } from "../../lib/resource.ts";
import { readSelectedPatient, selectPatient, useSignedIn } from "../../lib/session.ts";
import { WelcomeCard } from "./WelcomeCard.tsx";

const PAGE_SIZE = 5;

/** Staff home: who is signed in, and the patients in their care to pick from. */
export function AdminDashboardPage() {
  const session = useSignedIn();
  const canListPatients = session.isAdmin || session.permission.codenames.some((codename) => codename === "view_user" || codename === "change_user");
  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }}>
      <WelcomeCard />
      {canListPatients ? <PatientPicker /> : null}
    </Stack>
  );
}

function PatientPicker() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [page, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState(() => readSelectedPatient()?.id ?? null);
  const path = `/api/usuario/user?permission_codename_include=is_patient&page=${page}&rowsPerPage=${PAGE_SIZE}`;
  const { data, network } = useResource<Paged<UserSummary>>(["patients", page], path);
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  return (
    <Card variant="outlined">
      <CardHeader title={t("dashboard.patients")} subheader={t("dashboard.patientsHint")} slotProps={{ title: { component: "h2" } }} />
      <CardContent sx={{ pt: 0 }}>
        {data && data.data.length === 0 ? <Typography color="text.secondary">{t("dashboard.noPatients")}</Typography> : null}
        <List aria-busy={network.isFetching}>
          {data?.data.map((patient) => {
            const name = `${patient.nombres} ${patient.apellidos}`.trim();
            const selected = selectedId === patient.id;
            return (
              <ListItem
                key={patient.id}
                divider
                secondaryAction={
                  <Button
                    size="small"
                    variant={selected ? "contained" : "outlined"}
                    aria-label={t("dashboard.selectPatient", { name })}
                    onClick={() => {
                      selectPatient({ id: patient.id, nombres: patient.nombres, apellidos: patient.apellidos });
                      setSelectedId(patient.id);
                    }}
                  >
                    {selected ? t("dashboard.selected") : t("dashboard.select")}
                  </Button>
                }
              >
                <ListItemAvatar>
                  <Avatar sx={{ bgcolor: "primary.main" }}>{patient.nombres.slice(0, 1)}</Avatar>
                </ListItemAvatar>
                <ListItemText primary={name} secondary={`${patient.email} · ${GROUP_NAMES[(patient.groups[0] ?? 1) as GroupId][language]}`} />
              </ListItem>
            );
          })}
        </List>
        {pages > 1 ? (
          <Box sx={{ display: "flex", justifyContent: "center", mt: 2 }}>
            <Pagination count={pages} page={page} onChange={(_, value) => setPage(value)} />
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}
