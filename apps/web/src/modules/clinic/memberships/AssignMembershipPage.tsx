import type { AssignedMembership, Membership, MembershipClinic, MembershipHolder, Paged } from "@clinic/shared";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import { Box, Card, CardContent, Chip, IconButton, MenuItem, Stack, TextField, Tooltip, Typography } from "@mui/material";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../lib/components/ConfirmDialog.tsx";
import { useAction, useResource } from "../../../lib/resource.ts";
import { useSignedIn } from "../../../lib/session.ts";
import { ASSIGNED_MEMBERSHIPS_KEY, deleteAssignment, MEMBERSHIP_SEATS_KEY, MEMBERSHIPS_KEY } from "./api.ts";
import { AssignMembershipForm } from "./AssignMembershipForm.tsx";
import { type Column, ListTable } from "./ListTable.tsx";
import { usePagedList } from "../../../lib/usePagedList.ts";
import { emptyListText } from "../../../lib/empty-list.ts";

/** Which of a holder's periods this is today: the one in force (a clinic's seats come from it), one under it, ahead, or over. */
function StatusChip({ row }: { row: AssignedMembership }) {
  const { t } = useTranslation();
  if (row.current) return <Chip size="small" color="success" label={t("memberships.status.active")} />;
  if (row.active) return <Chip size="small" variant="outlined" label={t("memberships.status.overlapped")} />;
  const upcoming = row.from_date > dayjs().format("YYYY-MM-DD");
  return (
    <Chip
      size="small"
      variant="outlined"
      color={upcoming ? "info" : "default"}
      label={upcoming ? t("memberships.status.upcoming") : t("memberships.status.ended")}
    />
  );
}

/**
 * Assign membership (spec §2 `assign/membership`; issue 16.8): admins give a clinic a platform
 * plan, or a patient its clinic's own plan, and see every period below. A clinic with
 * change_membership gives its patients its own plans; it sees its own periods and its
 * patients', and removes its patients' after confirming (its own are the platform's to change).
 */
export function AssignMembershipPage() {
  const { t } = useTranslation();
  const session = useSignedIn();
  const admin = session.isAdmin;
  const manages = admin || session.permission.codenames.includes("change_membership");
  const [holder, setHolder] = useState<MembershipHolder | "">("");
  const list = usePagedList<AssignedMembership>(ASSIGNED_MEMBERSHIPS_KEY, "/api/assignMemberships/", {
    filters: { holder },
    showsAdded: (row) => holder === "" || row.holder === holder,
  });
  const removable = (row: AssignedMembership) => admin || (manages && row.holder === "patient");
  const [removing, setRemoving] = useState<AssignedMembership | null>(null);
  const remove = useAction((row: AssignedMembership) => deleteAssignment(row.id), {
    invalidate: [[ASSIGNED_MEMBERSHIPS_KEY], [MEMBERSHIPS_KEY], [MEMBERSHIP_SEATS_KEY]],
    success: t("memberships.assignment.removed"),
    onSuccess: () => setRemoving(null),
  });

  const columns: Column<AssignedMembership>[] = [
    {
      title: t("memberships.assignment.holder"),
      cell: (row) => (
        <Box>
          <Typography sx={{ fontWeight: 500 }}>{row.holderName}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t(`memberships.holder.${row.holder}`)}
            {admin && row.holder === "patient" ? ` · ${row.clinic.name}` : ""}
          </Typography>
        </Box>
      ),
    },
    { title: t("memberships.plan"), cell: (row) => row.plan },
    {
      title: t("memberships.assignment.period"),
      cell: (row) => <Box sx={{ whiteSpace: "nowrap" }}>{t("memberships.assignment.range", { from: row.from_date, to: row.to_date })}</Box>,
      from: "sm",
    },
    { title: t("memberships.assignment.status"), cell: (row) => <StatusChip row={row} /> },
  ];
  if (manages) {
    columns.push({
      title: t("catalogue.actions"),
      align: "right",
      cell: (row) =>
        removable(row) ? (
          <Tooltip title={t("memberships.assignment.remove")}>
            <IconButton
              size="small"
              onClick={() => setRemoving(row)}
              aria-label={t("memberships.assignment.removeNamed", { clinic: row.holderName, plan: row.plan, from: row.from_date })}
            >
              <DeleteOutline fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : null,
    });
  }

  return (
    <Box>
      {manages ? <AssignMembershipFormLoader admin={admin} /> : null}
      <Card variant="outlined">
        <CardContent>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ justifyContent: "space-between", alignItems: { sm: "center" }, mb: 2 }}>
            <Typography variant="h6" component="h2">
              {admin ? t("memberships.assignment.title") : t("memberships.assignment.ownTitle")}
            </Typography>
            <TextField
              select
              size="small"
              label={t("memberships.assignment.holderFilter")}
              value={holder}
              onChange={(event) => setHolder(event.target.value as MembershipHolder | "")}
              sx={{ minWidth: 200 }}
            >
              <MenuItem value="">{t("memberships.holder.all")}</MenuItem>
              <MenuItem value="clinic">{t("memberships.holder.clinic")}</MenuItem>
              <MenuItem value="patient">{t("memberships.holder.patient")}</MenuItem>
            </TextField>
          </Stack>
          <ListTable
            {...list}
            columns={columns}
            searchLabel={t("memberships.assignment.search")}
            emptyText={emptyListText(t, list.searched, "memberships.assignment.empty", "memberships.assignment.noMatch")}
          />
        </CardContent>
      </Card>
      <ConfirmDialog
        open={removing !== null}
        title={t("memberships.assignment.removeTitle")}
        text={
          removing
            ? t("memberships.assignment.removeText", { clinic: removing.holderName, plan: removing.plan, from: removing.from_date, to: removing.to_date })
            : ""
        }
        confirmLabel={t("memberships.assignment.remove")}
        destructive
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => setRemoving(null)}
      />
    </Box>
  );
}

/**
 * What the form chooses from: for admins the clinics (GET /api/clinic/) and the platform's
 * plans, and for everyone allowed the clinics' own plans (a clinic's: its own).
 */
function AssignMembershipFormLoader({ admin }: { admin: boolean }) {
  const { data: clinics } = useResource<Paged<MembershipClinic>>(["clinics"], admin ? "/api/clinic/" : null);
  const { data: platformPlans } = useResource<Paged<Membership>>(
    [MEMBERSHIPS_KEY, "platform"],
    admin ? "/api/memberships/?owner=platform&rowsPerPage=100" : null,
  );
  const { data: clinicPlans } = useResource<Paged<Membership>>([MEMBERSHIPS_KEY, "clinic"], "/api/memberships/?owner=clinic&rowsPerPage=100");
  return (
    <AssignMembershipForm
      kinds={admin ? ["clinic", "patient"] : ["patient"]}
      clinics={clinics?.data ?? []}
      platformPlans={platformPlans?.data ?? []}
      clinicPlans={clinicPlans?.data ?? []}
    />
  );
}
