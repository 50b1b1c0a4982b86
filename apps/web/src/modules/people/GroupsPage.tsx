import type { Group, GroupsResponse } from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/Delete";
import EditIcon from "@mui/icons-material/Edit";
import { Box, Button, Card, CardContent, Chip, Divider, Stack, Tab, Tabs, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../lib/components/ConfirmDialog.tsx";
import { Loading } from "../../lib/components/Loading.tsx";
import { currentLanguage } from "../../lib/i18n.ts";
import { useAction, useResource } from "../../lib/resource.ts";
import { SESSION_KEY } from "../../lib/session.ts";
import { deleteGroup, GROUPS_KEY } from "./api.ts";
import { GroupDialog } from "./GroupDialog.tsx";
import { GroupGrants } from "./GroupGrants.tsx";
import { GroupMembers } from "./GroupMembers.tsx";

/**
 * §2 `groups` (admins): the three built-in groups (they give the role) and custom groups that
 * grant more codenames to chosen users; each group's grants by module and its members.
 */
export function GroupsPage() {
  const { t } = useTranslation();
  const { data } = useResource<GroupsResponse>([GROUPS_KEY], "/api/groups/");
  const [groupId, setGroupId] = useState(1);
  const [dialog, setDialog] = useState<{ group: Group | null } | null>(null);
  const [deleting, setDeleting] = useState<Group | null>(null);
  const language = currentLanguage();
  const remove = useAction((group: Group) => deleteGroup(group.id), {
    invalidate: [[GROUPS_KEY], SESSION_KEY],
    success: () => t("people.groups.deleted", { group: deleting?.name[language] ?? "" }),
    onSuccess: () => {
      setDeleting(null);
      setGroupId(1);
    },
  });
  if (!data) return <Loading />;
  const group = data.groups.find((entry) => entry.id === groupId) ?? data.groups[0];
  if (!group) return null;
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ justifyContent: "space-between", alignItems: { sm: "center" } }}>
        <Typography variant="body2" color="text.secondary">
          {t("people.groups.intro")}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ group: null })} sx={{ flexShrink: 0 }}>
          {t("people.groups.add")}
        </Button>
      </Stack>
      <Card variant="outlined">
        <Box sx={{ borderBottom: 1, borderColor: "divider", px: 2 }}>
          <Tabs
            value={group.id}
            onChange={(_, value: number) => setGroupId(value)}
            aria-label={t("people.groups.tabs")}
            variant="scrollable"
            allowScrollButtonsMobile
          >
            {data.groups.map((entry) => (
              <Tab
                key={entry.id}
                value={entry.id}
                label={t("people.groups.tab", { group: entry.name[language], count: entry.memberCount })}
                id={`group-tab-${entry.id}`}
                aria-controls="group-panel"
              />
            ))}
          </Tabs>
        </Box>
        <CardContent role="tabpanel" id="group-panel" aria-labelledby={`group-tab-${group.id}`}>
          <Stack spacing={3}>
            <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ justifyContent: "space-between", alignItems: { sm: "center" } }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
                <Typography variant="h6" component="h2">
                  {group.name[language]}
                </Typography>
                <Chip size="small" label={group.builtin ? t("people.groups.builtin") : t("people.groups.custom")} />
              </Stack>
              {!group.builtin && (
                <Stack direction="row" spacing={1}>
                  <Button startIcon={<EditIcon />} onClick={() => setDialog({ group })}>
                    {t("people.groups.rename")}
                  </Button>
                  <Button color="error" startIcon={<DeleteIcon />} onClick={() => setDeleting(group)}>
                    {t("people.groups.delete")}
                  </Button>
                </Stack>
              )}
            </Stack>
            {group.builtin && (
              <Typography variant="body2" color="text.secondary">
                {t("people.groups.builtinHint")}
              </Typography>
            )}
            <GroupGrants key={`grants-${group.id}`} group={group} modules={data.modules} />
            <Divider />
            <GroupMembers key={`members-${group.id}`} group={group} />
          </Stack>
        </CardContent>
      </Card>
      <GroupDialog
        open={dialog !== null}
        group={dialog?.group ?? null}
        onClose={(saved) => {
          setDialog(null);
          if (saved) setGroupId(saved.id);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t("people.groups.deleteTitle")}
        text={t("people.groups.deleteText", { group: deleting?.name[language] ?? "", count: deleting?.memberCount ?? 0 })}
        confirmLabel={t("people.groups.delete")}
        destructive
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
