import { type PatientCreate, type PatientRow, type PatientUpdate, roleOf } from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import { Button, Card, CardContent, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { selectPatient, useSignedIn } from "../../lib/session.ts";
import { useSelectedPatient } from "../../lib/session.ts";
import { type ActiveChoice, ActiveFilter, fitsActive } from "./ActiveFilter.tsx";
import { createPatient, PATIENTS_KEY, PEOPLE_KEYS, updatePatient } from "./api.ts";
import { ExportButtons } from "../../lib/components/ExportButtons.tsx";
import { ImportDialog } from "./ImportDialog.tsx";
import { PeopleTable } from "./PeopleTable.tsx";
import { EMPTY_PERSON, PersonDialog, type PersonFormValues } from "./PersonDialog.tsx";
import { EditButton, PersonCell, StatusChips, usePersonActions } from "./PersonActions.tsx";
import { ClinicPicker } from "./Pickers.tsx";
import { usePagedList } from "../../lib/usePagedList.ts";
import { emptyListText } from "../../lib/empty-list.ts";

const fullName = (person: { nombres: string; apellidos: string }) => `${person.nombres} ${person.apellidos}`.trim();

/**
 * Patients (§2 `patients`, §7 `GET /api/user-patients/`): a therapist's care team, a clinic's
 * own, every patient for admins. Staff add and edit them; selecting one sets the patient badge.
 */
export function PatientsPage() {
  const { t } = useTranslation();
  const session = useSignedIn();
  const role = roleOf({ isAdmin: session.isAdmin, groups: session.userData.groups });
  const canChange = session.isAdmin || session.permission.codenames.includes("change_user");
  const canActivate = canChange && (role === "admin" || role === "clinic");
  // Clinics and admins import; a therapist adds patients one at a time.
  const canImport = canChange && (role === "admin" || role === "clinic");
  const [importing, setImporting] = useState(false);
  const ownClinic = role === "clinic" ? session.userId : session.userData.clinicId;

  const [active, setActive] = useState<ActiveChoice>("");
  const [clinicFilter, setClinicFilter] = useState<{ id: string; label: string } | null>(null);
  const list = usePagedList<PatientRow>(PATIENTS_KEY, "/api/user-patients/", {
    filters: { active, clinic: clinicFilter?.id },
    showsAdded: (row) => (!clinicFilter || row.clinicId === clinicFilter.id) && fitsActive(active, row),
  });
  const actions = usePersonActions(PATIENTS_KEY);
  // The selection is the badge's, set and followed exactly as the dashboard's picker does.
  const selectedId = useSelectedPatient()?.id ?? null;
  const [editing, setEditing] = useState<{ row: PatientRow | null } | null>(null);

  const initial: PersonFormValues | null = editing?.row
    ? {
        ...EMPTY_PERSON,
        nombres: editing.row.nombres,
        apellidos: editing.row.apellidos,
        identification: editing.row.identification,
        email: editing.row.email,
        language: editing.row.language,
        therapists: editing.row.therapists.map((therapist) => ({ id: therapist.id, label: fullName(therapist) })),
        phone: editing.row.phone ?? "",
      }
    : null;

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ justifyContent: "space-between", alignItems: { sm: "center" }, mb: 2 }}>
          <div>
            <Typography variant="h6" component="h2">
              {role === "therapist" ? t("people.patients.mine") : t("people.patients.title")}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t("people.patients.hint")}
            </Typography>
          </div>
          <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", alignItems: "center" }}>
            <ExportButtons
              kind="patients"
              path="/api/user-patients/export"
              search={list.search}
              filters={{ active, clinic: clinicFilter?.id }}
              label={t("people.export.patients")}
            />
            {canImport ? (
              <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>
                {t("people.import.open")}
              </Button>
            ) : null}
            {canChange ? (
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ row: null })}>
                {t("people.patients.add")}
              </Button>
            ) : null}
          </Stack>
        </Stack>
        <PeopleTable
          list={list}
          label={t("people.patients.title")}
          searchLabel={t("people.searchPeople")}
          filters={
            <>
              <ActiveFilter value={active} onChange={setActive} />
              {session.isAdmin ? <ClinicPicker value={clinicFilter} onChange={setClinicFilter} label={t("people.clinic")} size="small" /> : null}
            </>
          }
          emptyText={emptyListText(t, list.searched, role === "therapist" ? "people.patients.emptyMine" : "people.patients.empty", "people.patients.noMatch")}
          columns={[
            {
              title: t("people.name"),
              cell: (row) => <PersonCell name={fullName(row)} person={row} />,
            },
            { title: t("people.identification"), cell: (row) => row.identification || "—", from: "md" },
            ...(session.isAdmin ? [{ title: t("people.clinic"), cell: (row: PatientRow) => row.clinicName ?? "—", from: "md" as const }] : []),
            { title: t("people.therapists"), cell: (row) => row.therapists.map(fullName).join(", ") || "—", from: "sm" },
            { title: t("people.state"), cell: (row) => <StatusChips person={row} />, from: "sm" },
          ]}
          actions={(row) => {
            const name = fullName(row);
            const selected = selectedId === row.id;
            return (
              <Stack direction="row" spacing={0.5} sx={{ justifyContent: "flex-end", alignItems: "center" }}>
                <Button
                  size="small"
                  variant={selected ? "contained" : "outlined"}
                  disabled={!row.isActive}
                  aria-label={selected ? t("people.patients.selectedNamed", { name }) : t("people.patients.selectNamed", { name })}
                  aria-pressed={selected}
                  onClick={() => selectPatient({ id: row.id, nombres: row.nombres, apellidos: row.apellidos })}
                >
                  {selected ? t("people.patients.selected") : t("people.patients.select")}
                </Button>
                {canChange ? <EditButton name={name} onClick={() => setEditing({ row })} /> : null}
                {canChange ? actions.buttons(row, name, { activate: canActivate, resend: true }) : null}
              </Stack>
            );
          }}
        />
      </CardContent>
      <PersonDialog
        kind="patient"
        open={editing !== null}
        title={editing?.row ? t("people.patients.edit") : t("people.patients.add")}
        initial={initial}
        choosesClinic={session.isAdmin}
        clinicId={editing?.row ? editing.row.clinicId : ownClinic}
        save={(payload) => (editing?.row ? updatePatient(editing.row.id, payload as PatientUpdate) : createPatient(payload as PatientCreate))}
        invalidate={PEOPLE_KEYS}
        list={PATIENTS_KEY}
        texts={{ created: t("people.patients.created"), updated: t("people.patients.updated") }}
        onClose={() => setEditing(null)}
      />
      {canImport ? <ImportDialog open={importing} onClose={() => setImporting(false)} kinds={["patient"]} choosesClinic={session.isAdmin} /> : null}
      {actions.dialog}
    </Card>
  );
}
