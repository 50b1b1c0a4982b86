import { isRouteVisible, routeById, type SessionState } from "@clinic/shared";
import { Alert, Link } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { visibilityOf } from "../../../lib/session.ts";
import { MY_MEMBERSHIP_PATH } from "./api.ts";
import { membershipBanner } from "./banner.ts";

/**
 * The shell's warning above every page (spec §6 orderData): grace days left after a membership
 * ended, or care pages paused once they are over. Whoever can renew gets the link to do it.
 */
export function MembershipBanner({ session }: { session: SessionState }) {
  const { t } = useTranslation();
  const banner = membershipBanner(session);
  if (!banner) return null;
  // orderData speaks of the clinic's membership: its staff renew it, its patients cannot.
  const patient = session.permission.is_patient;
  const canRenew = !patient && isRouteVisible(routeById("getMembership"), visibilityOf(session));
  const renew = canRenew ? (
    <>
      {" "}
      <Link component={RouterLink} to={MY_MEMBERSHIP_PATH} color="inherit" sx={{ fontWeight: 700 }}>
        {t("billing.banner.renew")}
      </Link>
    </>
  ) : null;
  if (banner.kind === "paused") {
    return (
      <Alert severity="error" sx={{ mb: 2 }}>
        {canRenew ? t("billing.banner.paused") : t("billing.banner.pausedAskClinic")}
        {renew}
      </Alert>
    );
  }
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      {patient
        ? t("billing.banner.graceClinic", { until: banner.until })
        : banner.ended
          ? t("billing.banner.grace", { ended: banner.ended, until: banner.until })
          : t("billing.banner.graceUntil", { until: banner.until })}
      {renew}
    </Alert>
  );
}
