import { type ClinicInput, type ClinicRow, roleOf } from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import GroupsOutlined from "@mui/icons-material/GroupsOutlined";
import { Box, Button, Card, CardContent, IconButton, Stack, Tooltip, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useSearchParams } from "react-router";
import { useSignedIn } from "../../lib/session.ts";
import { type ActiveChoice, ActiveFilter, fitsActive } from "./ActiveFilter.tsx";
import { CLINICS_KEY, createClinic, PEOPLE_KEYS, updateClinic } from "./api.ts";
import { PeopleTable } from "./PeopleTable.tsx";
import { EMPTY_PERSON, PersonDialog, type PersonFormValues } from "./PersonDialog.tsx";
import { EditButton, PersonCell, StatusChips, usePersonActions } from "./PersonActions.tsx";
import { ClinicSummary, TeamPanel } from "./TeamPanel.tsx";
import { usePagedList } from "../../lib/usePagedList.ts";
import { emptyListText } from "../../lib/empty-list.ts";

/**
 * §2 `users` ("Clinics"). Admins manage the clinics, and open one to manage its team; a
 * clinic manages its own therapists; a therapist sees its clinic's team, read-only.
 */
export function ClinicsPage() {
  const session = useSignedIn();
  const [params] = useSearchParams();
  const role = roleOf({ isAdmin: session.isAdmin, groups: session.userData.groups });
  if (role === "admin") {
    const clinicId = params.get("clinic");
    return clinicId ? <ClinicTeam clinicId={clinicId} /> : <ClinicsPanel />;
  }
  const clinicId = role === "clinic" ? session.userId : session.userData.clinicId;
  if (!clinicId) return null;
  return (
    <Stack spacing={3}>
      <ClinicSummary clinicId={clinicId} />
      <TeamPanel clinicId={clinicId} canManage={role === "clinic"} />
    </Stack>
  );
}

/** An admin looking at one clinic's team, with the way back to the clinics. */
function ClinicTeam({ clinicId }: { clinicId: string }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={3}>
      <Box>
        <Button component={RouterLink} to="/manager/admin/users">
          {t("people.clinics.back")}
        </Button>
      </Box>
      <ClinicSummary clinicId={clinicId} />
      <TeamPanel clinicId={clinicId} canManage />
    </Stack>
  );
}

const seats = (used: number, limit: number | undefined) => (limit === undefined ? String(used) : `${used} / ${limit}`);

function ClinicsPanel() {
  const { t } = useTranslation();
  const [active, setActive] = useState<ActiveChoice>("");
  const list = usePagedList<ClinicRow>(CLINICS_KEY, "/api/clinics/", { filters: { active }, showsAdded: (row) => fitsActive(active, row) });
  const actions = usePersonActions(CLINICS_KEY);
  const [editing, setEditing] = useState<{ row: ClinicRow | null } | null>(null);
  const initial: PersonFormValues | null = editing?.row
    ? { ...EMPTY_PERSON, name: editing.row.name, identification: editing.row.identification, email: editing.row.email, language: editing.row.language }
    : null;

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ justifyContent: "space-between", alignItems: { sm: "center" }, mb: 2 }}>
          <Typography variant="h6" component="h2">
            {t("people.clinics.title")}
          </Typography>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ row: null })}>
            {t("people.clinics.add")}
          </Button>
        </Stack>
        <PeopleTable
          list={list}
          label={t("people.clinics.title")}
          searchLabel={t("people.clinics.search")}
          filters={<ActiveFilter value={active} onChange={setActive} />}
          emptyText={emptyListText(t, list.searched, "people.clinics.empty", "people.clinics.noMatch")}
          columns={[
            {
              title: t("people.clinics.name"),
              cell: (row) => <PersonCell name={row.name} person={row} />,
            },
            { title: t("people.identification"), cell: (row) => row.identification || "—", from: "md" },
            {
              title: t("people.clinics.membership"),
              cell: (row) =>
                row.membership ? t("people.clinics.planUntil", { plan: row.membership.plan, date: row.membership.toDate }) : t("people.clinics.noMembership"),
              from: "sm",
            },
            { title: t("people.clinics.therapists"), cell: (row) => seats(row.therapists, row.membership?.nUsers), from: "md" },
            { title: t("people.clinics.patients"), cell: (row) => seats(row.patients, row.membership?.nPatients), from: "md" },
            { title: t("people.state"), cell: (row) => <StatusChips person={row} />, from: "sm" },
          ]}
          actions={(row) => (
            <>
              <Tooltip title={t("people.clinics.team")}>
                <IconButton size="small" component={RouterLink} to={`?clinic=${row.id}`} aria-label={t("people.clinics.teamNamed", { name: row.name })}>
                  <GroupsOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
              <EditButton name={row.name} onClick={() => setEditing({ row })} />
              {actions.buttons(row, row.name, { activate: true, resend: true })}
            </>
          )}
        />
      </CardContent>
      <PersonDialog
        kind="clinic"
        open={editing !== null}
        title={editing?.row ? t("people.clinics.edit") : t("people.clinics.add")}
        initial={initial}
        choosesClinic={false}
        clinicId={null}
        save={(payload) => (editing?.row ? updateClinic(editing.row.id, payload as ClinicInput) : createClinic(payload as ClinicInput))}
        invalidate={PEOPLE_KEYS}
        list={CLINICS_KEY}
        texts={{ created: t("people.clinics.created"), updated: t("people.clinics.updated") }}
        onClose={() => setEditing(null)}
      />
      {actions.dialog}
    </Card>
  );
}
