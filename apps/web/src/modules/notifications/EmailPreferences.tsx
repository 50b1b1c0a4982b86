import { EMAIL_ALWAYS, NOTIFICATION_KINDS_BY_ROLE, type NotificationKind, type NotificationPreferences, roleOf } from "@clinic/shared";
import { FormControlLabel, FormGroup, Paper, Switch, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useAction, useResource } from "../../lib/resource.ts";
import { useSignedIn } from "../../lib/session.ts";
import { PREFERENCES_KEY, PREFERENCES_PATH, savePreferences } from "./api.ts";

/** Which kinds of notification also come by email: one switch each for the kinds the user's role receives, saved as it is turned. */
export function EmailPreferences() {
  const { t } = useTranslation();
  const session = useSignedIn();
  const kinds = NOTIFICATION_KINDS_BY_ROLE[roleOf({ isAdmin: session.isAdmin, groups: session.userData.groups })];
  const { data } = useResource<NotificationPreferences>([...PREFERENCES_KEY], PREFERENCES_PATH);
  const save = useAction((change: Partial<Record<NotificationKind, boolean>>) => savePreferences({ email: change }), {
    invalidate: [[...PREFERENCES_KEY]],
    success: t("notifications.preferencesSaved"),
  });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} component="section" aria-labelledby="notification-email-title">
      <Typography id="notification-email-title" variant="h6" component="h2">
        {t("notifications.emailTitle")}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t("notifications.emailHint")}
      </Typography>
      <FormGroup>
        {kinds.map((kind) => (
          <FormControlLabel
            key={kind}
            control={
              <Switch
                checked={data?.email[kind] ?? false}
                disabled={!data || save.isPending || EMAIL_ALWAYS.includes(kind)}
                onChange={(event) => save.mutate({ [kind]: event.target.checked })}
              />
            }
            label={t(`notifications.kinds.${kind}`)}
          />
        ))}
      </FormGroup>
    </Paper>
  );
}
