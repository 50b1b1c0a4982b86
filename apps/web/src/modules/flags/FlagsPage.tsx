import { FEATURE_FLAG_TITLES, FEATURE_FLAGS, type FeatureFlag, type FeatureFlags, isModuleBuilt } from "@clinic/shared";
import { Card, CardContent, CardHeader, List, ListItem, ListItemText, Switch } from "@mui/material";
import { useTranslation } from "react-i18next";
import { put } from "../../lib/api.ts";
import { currentLanguage } from "../../lib/i18n.ts";
import { useAction, useResource } from "../../lib/resource.ts";
import { SESSION_KEY } from "../../lib/session.ts";
import { Loading } from "../../lib/components/Loading.tsx";

const FLAGS_KEY = ["flags"];

/**
 * Admins switch modules on and off; a switched-off module's screens and API disappear. A module
 * not built yet says so and its switch stays off (the server refuses it too).
 */
export function FlagsPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { data: flags } = useResource<FeatureFlags>(FLAGS_KEY, "/api/flags/");
  const toggle = useAction(({ flag, enabled }: { flag: FeatureFlag; enabled: boolean }) => put<FeatureFlags>(`/api/flags/${flag}`, { enabled }), {
    invalidate: [FLAGS_KEY, SESSION_KEY],
    success: () => t("flags.saved"),
  });
  if (!flags) return <Loading />;
  return (
    <Card variant="outlined" sx={{ maxWidth: 720 }}>
      <CardHeader title={t("flags.title")} subheader={t("flags.hint")} slotProps={{ title: { component: "h2" } }} />
      <CardContent sx={{ pt: 0 }}>
        <List>
          {FEATURE_FLAGS.map((flag) => {
            const built = isModuleBuilt(flag);
            const title = FEATURE_FLAG_TITLES[flag][language];
            return (
              <ListItem
                key={flag}
                divider
                secondaryAction={
                  <Switch
                    edge="end"
                    checked={built && flags[flag]}
                    disabled={!built || toggle.isPending}
                    onChange={(event) => toggle.mutate({ flag, enabled: event.target.checked })}
                    slotProps={{ input: { "aria-label": title, "aria-describedby": `flag-${flag}-state` } }}
                  />
                }
              >
                <ListItemText
                  primary={title}
                  secondary={built ? flag : `${flag} · ${t("flags.notAvailable")}`}
                  slotProps={{ secondary: { id: `flag-${flag}-state` } }}
                />
              </ListItem>
            );
          })}
        </List>
      </CardContent>
    </Card>
  );
}
