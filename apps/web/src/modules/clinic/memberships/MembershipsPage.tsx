import AddIcon from "@mui/icons-material/Add";
import AssignmentIndOutlined from "@mui/icons-material/AssignmentIndOutlined";
import { Button, Stack } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { useSignedIn } from "../../../lib/session.ts";
import { MembershipCard } from "./MembershipCard.tsx";
import { MEMBERSHIPS_PATH, PlansCard } from "./PlansCard.tsx";

export { MEMBERSHIPS_PATH } from "./PlansCard.tsx";

const ASSIGN_PATH = "/manager/admin/assign/membership";

/**
 * Memberships (spec §2; issue 16.8). Admins: every plan, the platform's and each clinic's, to
 * add (platform plans), edit and delete. A clinic: what it holds today, the plans it sells its
 * patients (added, edited and assigned with change_membership), and the platform's plans on
 * offer to it, read-only.
 */
export function MembershipsPage() {
  const { t } = useTranslation();
  const session = useSignedIn();
  const admin = session.isAdmin;
  const manages = admin || session.permission.codenames.includes("change_membership");

  const add = (
    <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={`${MEMBERSHIPS_PATH}/new`}>
      {t("memberships.add")}
    </Button>
  );
  const assign = (
    <Button component={RouterLink} to={ASSIGN_PATH} startIcon={<AssignmentIndOutlined />}>
      {t("memberships.assign")}
    </Button>
  );

  if (admin) {
    return (
      <PlansCard
        title={t("memberships.title")}
        editable
        prices="all"
        emptyKey="memberships.empty"
        actions={
          <>
            {assign}
            {add}
          </>
        }
      />
    );
  }
  return (
    <Stack spacing={2}>
      <MembershipCard />
      <PlansCard
        title={t("memberships.own.title")}
        owner="clinic"
        editable={manages}
        prices="patients"
        emptyKey="memberships.own.empty"
        actions={
          manages ? (
            <>
              {assign}
              {add}
            </>
          ) : null
        }
      />
      <PlansCard title={t("memberships.offered")} owner="platform" editable={false} prices="clinics" emptyKey="memberships.empty" />
    </Stack>
  );
}
