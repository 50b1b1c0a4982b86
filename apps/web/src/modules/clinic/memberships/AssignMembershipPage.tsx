import type { AssignedMembership, Membership, MembershipClinic, Paged } from "@clinic/shared";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import { Box, Card, CardContent, Chip, IconButton, Tooltip, Typography } from "@mui/material";
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

/** Which of a clinic's periods this is today: the one its seats come from, one under it, ahead, or over. */
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
 * Assign membership (spec §2 `assign/membership`): admins give a clinic a plan for a period
 * and see every clinic's periods below, removing one after confirming. A clinic sees its own.
 */
export function AssignMembershipPage() {
  const { t } = useTranslation();
  const admin = useSignedIn().isAdmin;
  const list = usePagedList<AssignedMembership>(ASSIGNED_MEMBERSHIPS_KEY, "/api/assignMemberships/");
  const [removing, setRemoving] = useState<AssignedMembership | null>(null);
  const remove = useAction((row: AssignedMembership) => deleteAssignment(row.id), {
    invalidate: [[ASSIGNED_MEMBERSHIPS_KEY], [MEMBERSHIPS_KEY], [MEMBERSHIP_SEATS_KEY]],
    success: t("memberships.assignment.removed"),
    onSuccess: () => setRemoving(null),
  });

  const columns: Column<AssignedMembership>[] = [
    {
      title: t("memberships.assignment.clinic"),
      cell: (row) => (
        <Box>
          <Typography sx={{ fontWeight: 500 }}>{row.clinic.name}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ display: { xs: "none", sm: "block" } }}>
            {row.clinic.email}
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
  if (admin) {
    columns.push({
      title: t("catalogue.actions"),
      align: "right",
      cell: (row) => (
        <Tooltip title={t("memberships.assignment.remove")}>
          <IconButton
            size="small"
            onClick={() => setRemoving(row)}
            aria-label={t("memberships.assignment.removeNamed", { clinic: row.clinic.name, plan: row.plan, from: row.from_date })}
          >
            <DeleteOutline fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    });
  }

  return (
    <Box>
      {admin ? <AssignMembershipFormLoader /> : null}
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            {admin ? t("memberships.assignment.title") : t("memberships.assignment.ownTitle")}
          </Typography>
          <ListTable {...list} columns={columns} searchLabel={t("memberships.assignment.search")} emptyText={t("memberships.assignment.empty")} />
        </CardContent>
      </Card>
      <ConfirmDialog
        open={removing !== null}
        title={t("memberships.assignment.removeTitle")}
        text={
          removing
            ? t("memberships.assignment.removeText", { clinic: removing.clinic.name, plan: removing.plan, from: removing.from_date, to: removing.to_date })
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

/** The clinics (GET /api/clinic/: every clinic, for admins) and the plans to choose from. */
function AssignMembershipFormLoader() {
  const { data: clinics } = useResource<Paged<MembershipClinic>>(["clinics"], "/api/clinic/");
  const { data: plans } = useResource<Paged<Membership>>([MEMBERSHIPS_KEY, "all"], "/api/memberships/?rowsPerPage=100");
  return <AssignMembershipForm clinics={clinics?.data ?? []} plans={plans?.data ?? []} />;
}
