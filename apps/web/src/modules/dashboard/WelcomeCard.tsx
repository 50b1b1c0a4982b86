import { roleOf } from "@clinic/shared";
import { Card, CardContent, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../lib/dates.ts";
import { useSignedIn } from "../../lib/session.ts";

/** Who is signed in, in what role, and today's date: the head of every home page. */
export function WelcomeCard({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const session = useSignedIn();
  const role = roleOf({ isAdmin: session.isAdmin, groups: session.userData.groups });
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h5" component="h2" gutterBottom>
          {t("dashboard.welcome", { name: `${session.userData.nombres} ${session.userData.apellidos}`.trim() })}
        </Typography>
        <Typography color="text.secondary" data-testid="role">
          {t(`dashboard.roles.${role}`)} · {formatDate(new Date())}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
