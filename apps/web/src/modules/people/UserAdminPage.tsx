import { IMPORT_KINDS, ROLES, type Role, type UserAdminRow } from "@clinic/shared";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import { Box, Button, Card, CardContent, Chip, MenuItem, Stack, Tab, Tabs, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useSignedIn } from "../../lib/session.ts";
import { type ActiveChoice, ActiveFilter } from "./ActiveFilter.tsx";
import { USERS_KEY } from "./api.ts";
import { ImportDialog } from "./ImportDialog.tsx";
import { OutboxTab } from "./OutboxTab.tsx";
import { PeopleTable } from "./PeopleTable.tsx";
import { PersonCell, StatusChips, usePersonActions } from "./PersonActions.tsx";
import { ClinicPicker } from "./Pickers.tsx";
import { usePagedList } from "../../lib/usePagedList.ts";
import { emptyListText } from "../../lib/empty-list.ts";

const TABS = ["users", "outbox"] as const;
type AdminTab = (typeof TABS)[number];

/** /user/admin: every account (search, filters, activation, invitations) and the mail outbox. */
export function UserAdminPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: AdminTab = params.get("tab") === "outbox" ? "outbox" : "users";
  return (
    <Card variant="outlined">
      <Box sx={{ borderBottom: 1, borderColor: "divider", px: 2 }}>
        <Tabs value={tab} onChange={(_, value: AdminTab) => setParams(value === "users" ? {} : { tab: value })} aria-label={t("people.admin.tabs")}>
          <Tab value="users" label={t("people.admin.users")} id="tab-users" aria-controls="panel-users" />
          <Tab value="outbox" label={t("people.admin.outbox")} id="tab-outbox" aria-controls="panel-outbox" />
        </Tabs>
      </Box>
      <CardContent role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === "users" ? <UsersTab /> : <OutboxTab />}
      </CardContent>
    </Card>
  );
}

function UsersTab() {
  const { t } = useTranslation();
  const session = useSignedIn();
  const [role, setRole] = useState<Role | "">("");
  const [active, setActive] = useState<ActiveChoice>("");
  const [clinic, setClinic] = useState<{ id: string; label: string } | null>(null);
  const list = usePagedList<UserAdminRow>(USERS_KEY, "/api/users/", { filters: { role, active, clinic: clinic?.id } });
  const actions = usePersonActions(USERS_KEY);
  const [importing, setImporting] = useState(false);
  const nameOf = (row: UserAdminRow) => `${row.nombres} ${row.apellidos}`.trim() || row.email;
  return (
    <>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ justifyContent: "space-between", alignItems: { sm: "center" }, mb: 2 }}>
        <Typography variant="h6" component="h2">
          {t("people.admin.usersTitle")}
        </Typography>
        <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>
          {t("people.import.open")}
        </Button>
      </Stack>
      <PeopleTable
        list={list}
        label={t("people.admin.usersTitle")}
        searchLabel={t("people.searchPeople")}
        filters={
          <>
            <TextField
              select
              size="small"
              label={t("people.role")}
              value={role}
              onChange={(event) => setRole(event.target.value as Role | "")}
              sx={{ minWidth: 160 }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">{t("people.roleAll")}</MenuItem>
              {ROLES.map((value) => (
                <MenuItem key={value} value={value}>
                  {t(`people.roles.${value}`)}
                </MenuItem>
              ))}
            </TextField>
            <ClinicPicker value={clinic} onChange={setClinic} label={t("people.clinic")} size="small" />
            <ActiveFilter value={active} onChange={setActive} />
          </>
        }
        emptyText={emptyListText(t, list.searched, "people.admin.empty", "people.admin.noMatch")}
        columns={[
          {
            title: t("people.name"),
            cell: (row) => <PersonCell name={nameOf(row)} person={row} />,
          },
          { title: t("people.role"), cell: (row) => <Chip size="small" label={t(`people.roles.${row.role}`)} />, from: "sm" },
          { title: t("people.clinic"), cell: (row) => row.clinicName ?? "—", from: "md" },
          { title: t("people.state"), cell: (row) => <StatusChips person={row} />, from: "sm" },
        ]}
        actions={(row) => actions.buttons(row, nameOf(row), { activate: row.id !== session.userId, resend: true })}
      />
      <ImportDialog open={importing} onClose={() => setImporting(false)} kinds={IMPORT_KINDS} choosesClinic />
      {actions.dialog}
    </>
  );
}
