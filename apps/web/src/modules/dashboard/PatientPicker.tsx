import { GROUP_NAMES, type GroupId, type Paged, type UserSummary } from "@clinic/shared";
import { Avatar, Box, Button, Card, CardContent, CardHeader, List, ListItem, ListItemAvatar, ListItemText, Pagination, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../lib/i18n.ts";
import { useResource } from "../../lib/resource.ts";
import { selectPatient } from "../../lib/session.ts";
import { useSelectedPatient } from "../../lib/session.ts";

const PAGE_SIZE = 5;

/**
 * The patients in the signed-in staff member's care, to pick the one to work with: the pick
 * is stored in the browser and shown in the top bar's badge (spec §2). Screens that act on
 * "the patient" show this picker when none is selected.
 */
export function PatientPicker({ title, hint }: { title?: string; hint?: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [page, setPage] = useState(1);
  const selectedId = useSelectedPatient()?.id ?? null;
  const path = `/api/usuario/user?permission_codename_include=is_patient&page=${page}&rowsPerPage=${PAGE_SIZE}`;
  const { data, network } = useResource<Paged<UserSummary>>(["patients", page], path);
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  return (
    <Card variant="outlined">
      <CardHeader title={title ?? t("dashboard.patients")} subheader={hint ?? t("dashboard.patientsHint")} slotProps={{ title: { component: "h2" } }} />
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
                    aria-label={selected ? t("dashboard.selectedPatient", { name }) : t("dashboard.selectPatient", { name })}
                    aria-pressed={selected}
                    onClick={() => selectPatient({ id: patient.id, nombres: patient.nombres, apellidos: patient.apellidos })}
                  >
                    {selected ? t("dashboard.selected") : t("dashboard.select")}
                  </Button>
                }
              >
                <ListItemAvatar>
                  <Avatar sx={{ bgcolor: "primary.main" }}>{patient.nombres.slice(0, 1)}</Avatar>
                </ListItemAvatar>
                <ListItemText
                  primary={name}
                  secondary={`${patient.email} · ${GROUP_NAMES[(patient.groups[0] ?? 1) as GroupId][language]}`}
                  sx={{ pr: 10, overflowWrap: "anywhere" }}
                />
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
