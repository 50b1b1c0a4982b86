import { MenuItem, TextField } from "@mui/material";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../lib/components/FormDialog.tsx";
import { useAction } from "../../../lib/resource.ts";
import { changeListClients, EVERY_CLIENT_LIST, useAllLists } from "./api.ts";

/** Puts the selected clients on one of the clinic's lists (CRM admins). */
export function AddToListDialog({ open, clientIds, onClose }: { open: boolean; clientIds: number[]; onClose: (added: boolean) => void }) {
  const { t } = useTranslation();
  const lists = useAllLists();
  const [listId, setListId] = useState("");
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (open) {
      setListId("");
      setError(undefined);
    }
  }, [open]);
  const add = useAction((id: number) => changeListClients(id, { add: clientIds, remove: [] }), {
    invalidate: EVERY_CLIENT_LIST,
    success: () => t("crmClients.notices.listEdited"),
    onSuccess: () => onClose(true),
  });
  return (
    <FormDialog
      open={open}
      onClose={() => onClose(false)}
      title={t("crmClients.clients.addToListTitle", { count: clientIds.length })}
      onSubmit={(event) => {
        event.preventDefault();
        if (!listId) setError(t("crmClients.clients.chooseList"));
        else add.mutate(Number(listId));
      }}
      pending={add.isPending}
      submitLabel={t("crmClients.clients.addToListSubmit")}
    >
      <TextField
        select
        required
        label={t("crmClients.fields.list")}
        value={listId}
        onChange={(event) => {
          setListId(event.target.value);
          setError(undefined);
        }}
        error={!!error}
        helperText={error ?? ((lists.data?.data.length ?? 0) === 0 ? t("crmClients.lists.empty") : undefined)}
      >
        {(lists.data?.data ?? []).map((one) => (
          <MenuItem key={one.id} value={String(one.id)}>
            {one.title} ({one.clientCount})
          </MenuItem>
        ))}
      </TextField>
    </FormDialog>
  );
}
