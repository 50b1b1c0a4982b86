import { FEATURE_FLAG_TITLES, type Group, type GroupsResponse, isFeatureFlag, isModuleBuilt, isPermissionAvailable } from "@clinic/shared";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import { Accordion, AccordionDetails, AccordionSummary, Alert, Box, Button, Checkbox, FormControlLabel, FormGroup, Stack, Typography } from "@mui/material";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../lib/i18n.ts";
import { useAction } from "../../lib/resource.ts";
import { SESSION_KEY } from "../../lib/session.ts";
import { GROUPS_KEY, saveGroupPermissions } from "./api.ts";

/** A group's codenames by module, ticked and saved at once (the server checks each codename again). */
export function GroupGrants({ group, modules }: { group: Group; modules: GroupsResponse["modules"] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [granted, setGranted] = useState(() => new Set(group.permissions));
  // A refetch (a member added) brings a new array: only a change of the grants themselves resets the boxes.
  const saved = group.permissions.join(" ");
  useEffect(() => setGranted(new Set(saved ? saved.split(" ") : [])), [saved]);
  const changed = granted.size !== group.permissions.length || group.permissions.some((codename) => !granted.has(codename));
  const save = useAction(() => saveGroupPermissions(group.id, [...granted].sort()), {
    invalidate: [[GROUPS_KEY], SESSION_KEY],
    success: () => t("people.groups.saved", { group: group.name[language] }),
  });
  const toggle = (codename: string, on: boolean) =>
    setGranted((current) => {
      const next = new Set(current);
      if (on) next.add(codename);
      else next.delete(codename);
      return next;
    });

  // A module not built yet lists the codenames nothing checks: shown apart, never grantable.
  // (`view_service` is also the clinic's, so it is granted there.)
  const built = modules.filter((entry) => isFeatureFlag(entry.module) && isModuleBuilt(entry.module));
  const notBuilt = modules
    .filter((entry) => !built.includes(entry))
    .map((entry) => ({ ...entry, permissions: entry.permissions.filter((codename) => !isPermissionAvailable(codename)) }))
    .filter((entry) => entry.permissions.length > 0);

  return (
    <Stack spacing={2}>
      <div>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t("people.groups.title", { group: group.name[language] })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t("people.groups.hint", { count: granted.size })}
        </Typography>
      </div>
      <Alert severity="info">{t("people.groups.effect")}</Alert>
      <ModuleGrid modules={built} granted={granted} onToggle={toggle} />
      {notBuilt.length > 0 && (
        <Accordion variant="outlined" disableGutters>
          <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="unavailable-modules" id="unavailable-modules-header">
            <Typography variant="subtitle2" component="h4">
              {t("people.groups.unavailable.title")}
            </Typography>
          </AccordionSummary>
          <AccordionDetails id="unavailable-modules">
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t("people.groups.unavailable.hint")}
            </Typography>
            <ModuleGrid modules={notBuilt} granted={granted} />
          </AccordionDetails>
        </Accordion>
      )}
      <Stack direction="row" spacing={1}>
        <Button variant="contained" onClick={() => save.mutate(undefined)} disabled={!changed || save.isPending}>
          {t("common.save")}
        </Button>
        <Button onClick={() => setGranted(new Set(group.permissions))} disabled={!changed}>
          {t("people.groups.undo")}
        </Button>
      </Stack>
    </Stack>
  );
}

/** One fieldset of codenames per module; without `onToggle` the boxes only show what is held. */
function ModuleGrid({
  modules,
  granted,
  onToggle,
}: {
  modules: GroupsResponse["modules"];
  granted: ReadonlySet<string>;
  onToggle?: (codename: string, on: boolean) => void;
}) {
  const language = currentLanguage();
  return (
    <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "1fr 1fr", lg: "1fr 1fr 1fr" }, gap: 2 }}>
      {modules.map((entry) => (
        <Box component="fieldset" key={entry.module} sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 1.5, m: 0, minWidth: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
            {isFeatureFlag(entry.module) ? FEATURE_FLAG_TITLES[entry.module][language] : entry.module}
          </Typography>
          <FormGroup>
            {entry.permissions.map((codename) => (
              <FormControlLabel
                key={codename}
                disabled={!onToggle}
                control={<Checkbox size="small" checked={granted.has(codename)} onChange={(event) => onToggle?.(codename, event.target.checked)} />}
                label={
                  <Typography variant="body2" sx={{ fontFamily: "monospace" }}>
                    {codename}
                  </Typography>
                }
              />
            ))}
          </FormGroup>
        </Box>
      ))}
    </Box>
  );
}
