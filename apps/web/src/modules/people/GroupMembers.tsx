import type { Group, GroupMember, Paged, UserAdminRow } from "@clinic/shared";
import PersonRemoveIcon from "@mui/icons-material/PersonRemove";
import { Alert, Box, Button, IconButton, List, ListItem, ListItemText, Stack, Tooltip, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSettledText } from "../../lib/debounce.ts";
import { ConfirmDialog } from "../../lib/components/ConfirmDialog.tsx";
import { ListPagination } from "../../lib/components/ListPagination.tsx";
import { type PickerOption, SearchPicker } from "../../lib/components/SearchPicker.tsx";
import { SearchField } from "../../lib/components/SearchField.tsx";
import { currentLanguage } from "../../lib/i18n.ts";
import { useAction, useResource } from "../../lib/resource.ts";
import { addGroupMember, GROUPS_KEY, removeGroupMember, USERS_KEY } from "./api.ts";
import { emptyListText } from "../../lib/empty-list.ts";

const fullName = (person: { nombres: string; apellidos: string; email: string }) => `${person.nombres} ${person.apellidos}`.trim() || person.email;

/**
 * A group's members, searched and paged on the server. Custom groups take members here; a
 * built-in group's members hold it as their role, which is given where the account is managed.
 */
export function GroupMembers({ group }: { group: Group }) {
  const { t } = useTranslation();
  const name = group.name[currentLanguage()];
  const [search, setSearch] = useState("");
  const q = useSettledText(search);
  const [page, setPage] = useState(1);
  const [rowsPerPage, setRowsPerPage] = useState(10);
  const [adding, setAdding] = useState<PickerOption | null>(null);
  const [removing, setRemoving] = useState<GroupMember | null>(null);
  const path = `/api/groups/${group.id}/members?page=${page}&rowsPerPage=${rowsPerPage}${q ? `&q=${encodeURIComponent(q)}` : ""}`;
  const { data } = useResource<Paged<GroupMember>>([GROUPS_KEY, group.id, "members", path], path);
  const changed = { invalidate: [[GROUPS_KEY]] };
  const add = useAction((userId: string) => addGroupMember(group.id, userId), {
    ...changed,
    success: (member) => t("people.groups.memberAdded", { name: fullName(member), group: name }),
    onSuccess: () => setAdding(null),
  });
  const remove = useAction((member: GroupMember) => removeGroupMember(group.id, member.id), {
    ...changed,
    success: () => t("people.groups.memberRemoved", { name: removing ? fullName(removing) : "", group: name }),
    onSuccess: () => setRemoving(null),
  });

  return (
    <Stack spacing={2} component="section" aria-labelledby={`group-members-${group.id}`}>
      <Typography variant="subtitle1" component="h3" id={`group-members-${group.id}`} sx={{ fontWeight: 600 }}>
        {t("people.groups.members", { count: group.memberCount })}
      </Typography>
      {group.builtin ? (
        <Alert severity="info">{t("people.groups.builtinMembers")}</Alert>
      ) : (
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "flex-start" } }}>
          <SearchPicker<UserAdminRow>
            path="/api/users/?active=true&rowsPerPage=20"
            queryKey={[USERS_KEY, "group-picker"]}
            toOption={(user) => ({ id: user.id, label: `${fullName(user)} · ${user.email}` })}
            value={adding}
            onChange={setAdding}
            label={t("people.groups.userToAdd")}
            noOptionsText={t("people.groups.noUsers")}
            size="small"
            sx={{ flex: 1, minWidth: { sm: 280 } }}
          />
          <Button variant="outlined" onClick={() => adding && add.mutate(adding.id)} disabled={!adding || add.isPending}>
            {t("people.groups.addMember")}
          </Button>
        </Stack>
      )}
      <SearchField
        label={t("people.groups.searchMembers")}
        value={search}
        onChange={(text) => {
          setSearch(text);
          setPage(1);
        }}
      />
      {data && data.data.length === 0 ? (
        <Typography color="text.secondary">{emptyListText(t, q, "people.groups.noMembers", "people.groups.noMatch")}</Typography>
      ) : (
        <List dense disablePadding aria-label={t("people.groups.memberList", { group: name })}>
          {(data?.data ?? []).map((member) => (
            <ListItem
              key={member.id}
              divider
              secondaryAction={
                group.builtin ? undefined : (
                  <Tooltip title={t("people.groups.remove")}>
                    <IconButton edge="end" aria-label={t("people.groups.removeNamed", { name: fullName(member) })} onClick={() => setRemoving(member)}>
                      <PersonRemoveIcon />
                    </IconButton>
                  </Tooltip>
                )
              }
            >
              <ListItemText
                primary={fullName(member)}
                secondary={`${member.email} · ${t(`people.roles.${member.role}`)}${member.isActive ? "" : ` · ${t("people.inactive")}`}`}
                slotProps={{ secondary: { sx: { overflowWrap: "anywhere" } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      {data && data.total > rowsPerPage && (
        <Box>
          <ListPagination
            list={{
              total: data.total,
              page,
              rowsPerPage,
              onPage: setPage,
              onRowsPerPage: (rows) => {
                setRowsPerPage(rows);
                setPage(1);
              },
            }}
            labels="people"
          />
        </Box>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t("people.groups.removeTitle")}
        text={t("people.groups.removeText", { name: removing ? fullName(removing) : "", group: name })}
        confirmLabel={t("people.groups.remove")}
        destructive
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => setRemoving(null)}
      />
    </Stack>
  );
}
