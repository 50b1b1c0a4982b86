import { type RouteEntry, isRouteVisible } from "@clinic/shared";
import { Alert, Box, Button } from "@mui/material";
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { homeOf, useSignedIn, visibilityOf } from "../lib/session.ts";

/** Applies the same visibility rules as the menu: a hidden route shows why instead of its screen. */
export function RouteGate({ entry, screen: Screen }: { entry: RouteEntry; screen: ComponentType }) {
  const session = useSignedIn();
  const { t } = useTranslation();
  const context = visibilityOf(session);
  if (isRouteVisible(entry, context)) return <Screen />;
  const moduleOff = entry.modules.some((module) => context.flags[module] !== true);
  return (
    <Box sx={{ maxWidth: 640 }}>
      <Alert severity={moduleOff ? "info" : "warning"} sx={{ mb: 2 }}>
        {moduleOff ? t("shell.notFound") : t("shell.notAllowed")}
      </Alert>
      <Button component={RouterLink} to={homeOf(session)} variant="outlined">
        {t("shell.backHome")}
      </Button>
    </Box>
  );
}
