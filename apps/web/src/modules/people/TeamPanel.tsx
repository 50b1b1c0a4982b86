import type { ClinicRow, StaffCreate, StaffRow, StaffUpdate } from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import { Alert, Button, Card, CardContent, Chip, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useResource } from "../../lib/resource.ts";
import { type ActiveChoice, ActiveFilter, fitsActive } from "./ActiveFilter.tsx";
import { CLINICS_KEY, createStaff, PEOPLE_KEYS, STAFF_KEY, updateStaff } from "./api.ts";
import { ExportButtons } from "../../lib/components/ExportButtons.tsx";
import { ImportDialog } from "./ImportDialog.tsx";
import { PeopleTable } from "./PeopleTable.tsx";
import { EMPTY_PERSON, PersonDialog } from "./PersonDialog.tsx";
import { EditButton, PersonCell, StatusChips, usePersonActions } from "./PersonActions.tsx";
import { usePagedList } from "../../lib/usePagedList.ts";
import { emptyListText } from "../../lib/empty-list.ts";

/** A clinic's name, the membership it holds today and the seats in use. */
export function ClinicSummary({ clinicId }: { clinicId: string }) {
  const { t } = useTranslation();
  const { data: clinic } = useResource<ClinicRow>([CLINICS_KEY, "one", clinicId], `/api/clinics/${encodeURIComponent(clinicId)}`);
  if (!clinic) return null;
  const held = clinic.membership;
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ justifyContent: "space-between", alignItems: { md: "center" } }}>
          <div>
            <Typography variant="h6" component="h2">
              {clinic.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {held ? t("people.clinics.planFromTo", { plan: held.plan, from: held.fromDate, to: held.toDate }) : t("people.clinics.noMembership")}
            </Typography>
          </div>
          {held ? (
            <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap" }}>
              <Chip variant="outlined" label={t("people.clinics.therapistSeats", { used: clinic.therapists, limit: held.nUsers })} />
              <Chip variant="outlined" label={t("people.clinics.patientSeats", { used: clinic.patients, limit: held.nPatients })} />
            </Stack>
          ) : (
            <Alert severity="warning" sx={{ py: 0 }}>
              {t("people.clinics.noSeats")}
            </Alert>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** A clinic's therapists: the clinic and admins add, edit, deactivate and re-invite; therapists read. */
export function TeamPanel({ clinicId, canManage }: { clinicId: string; canManage: boolean }) {
  const { t } = useTranslation();
  const [active, setActive] = useState<ActiveChoice>(canManage ? "" : "true");
  const list = usePagedList<StaffRow>(STAFF_KEY, "/api/staff/", {
    filters: { clinic: clinicId, active },
    showsAdded: (row) => row.clinicId === clinicId && fitsActive(active, row),
  });
  const actions = usePersonActions(STAFF_KEY);
  const [editing, setEditing] = useState<{ row: StaffRow | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const name = (row: StaffRow) => `${row.nombres} ${row.apellidos}`.trim();
  const initial = editing?.row
    ? {
        ...EMPTY_PERSON,
        nombres: editing.row.nombres,
        apellidos: editing.row.apellidos,
        identification: editing.row.identification,
        email: editing.row.email,
        language: editing.row.language,
      }
    : null;

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ justifyContent: "space-between", alignItems: { sm: "center" }, mb: 2 }}>
          <div>
            <Typography variant="h6" component="h2">
              {t("people.team.title")}
            </Typography>
            {canManage ? null : (
              <Typography variant="body2" color="text.secondary">
                {t("people.team.readOnly")}
              </Typography>
            )}
          </div>
          <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", alignItems: "center" }}>
            <ExportButtons
              kind="therapists"
              path="/api/staff/export"
              search={list.search}
              filters={{ clinic: clinicId, active }}
              label={t("people.export.therapists")}
            />
            {canManage ? (
              <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>
                {t("people.import.open")}
              </Button>
            ) : null}
            {canManage ? (
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ row: null })}>
                {t("people.team.add")}
              </Button>
            ) : null}
          </Stack>
        </Stack>
        <PeopleTable
          list={list}
          label={t("people.team.title")}
          searchLabel={t("people.searchPeople")}
          filters={canManage ? <ActiveFilter value={active} onChange={setActive} /> : undefined}
          emptyText={emptyListText(t, list.searched, "people.team.empty", "people.team.noMatch")}
          columns={[
            {
              title: t("people.name"),
              cell: (row) => <PersonCell name={name(row)} person={row} />,
            },
            { title: t("people.identification"), cell: (row) => row.identification || "—", from: "md" },
            { title: t("people.team.patients"), cell: (row) => row.patients, from: "sm" },
            { title: t("people.state"), cell: (row) => <StatusChips person={row} />, from: "sm" },
          ]}
          actions={
            canManage
              ? (row) => (
                  <>
                    <EditButton name={name(row)} onClick={() => setEditing({ row })} />
                    {actions.buttons(row, name(row), { activate: true, resend: true })}
                  </>
                )
              : undefined
          }
        />
      </CardContent>
      {canManage ? (
        <PersonDialog
          kind="therapist"
          open={editing !== null}
          title={editing?.row ? t("people.team.edit") : t("people.team.add")}
          initial={initial}
          // The team is one clinic's: a new therapist joins it (the API lets a clinic name only itself).
          choosesClinic={false}
          clinicId={clinicId}
          save={(payload) => (editing?.row ? updateStaff(editing.row.id, payload as StaffUpdate) : createStaff({ ...(payload as StaffCreate), clinicId }))}
          invalidate={PEOPLE_KEYS}
          list={STAFF_KEY}
          texts={{ created: t("people.team.created"), updated: t("people.team.updated") }}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {canManage ? <ImportDialog open={importing} onClose={() => setImporting(false)} kinds={["therapist"]} choosesClinic={false} clinicId={clinicId} /> : null}
      {actions.dialog}
    </Card>
  );
}
