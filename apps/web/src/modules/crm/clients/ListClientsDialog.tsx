import type { CrmClient, CrmList } from "@clinic/shared";
import PersonRemove from "@mui/icons-material/PersonRemoveOutlined";
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Link, Stack, useMediaQuery, useTheme } from "@mui/material";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { ListLoading, ListPagination } from "../../../lib/components/ListPagination.tsx";
import { ManageTable } from "../../../lib/components/ManageTable.tsx";
import { RowButton } from "../../../lib/components/RowButtons.tsx";
import { SearchField } from "../../../lib/components/SearchField.tsx";
import { emptyListText } from "../../../lib/empty-list.ts";
import { useAction } from "../../../lib/resource.ts";
import { usePagedList } from "../../../lib/usePagedList.ts";
import { CLIENTS_PATH, changeListClients, clientPagePath, EVERY_CLIENT_LIST } from "./api.ts";
import { ConsentChip } from "./ConsentChip.tsx";

/** The resource of a list's own clients: apart from the clients tab, so neither shows the other's pages. */
const LIST_CLIENTS_RESOURCE = "crm-list-clients";

/** A list's clients, searched and paged; CRM admins take clients off it. */
export function ListClientsDialog({ list, canChange, onClose }: { list: CrmList | null; canChange: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("sm"));
  const titleId = useId();
  const clients = usePagedList<CrmClient>(LIST_CLIENTS_RESOURCE, list ? CLIENTS_PATH : null, { filters: { listId: list?.id }, pageSize: 10 });
  const remove = useAction((client: CrmClient) => changeListClients(list?.id as number, { add: [], remove: [client.id] }), {
    invalidate: [...EVERY_CLIENT_LIST, [LIST_CLIENTS_RESOURCE]],
    success: () => t("crmClients.notices.listEdited"),
  });
  return (
    <Dialog open={list !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={phone}>
      <DialogTitle id={titleId}>{t("crmClients.lists.clientsOf", { name: list?.title ?? "" })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <SearchField label={t("crmClients.clients.search")} value={clients.search} onChange={clients.onSearch} width={260} />
          <ListLoading loading={clients.loading} labels="people" />
          <ManageTable
            rows={clients.rows}
            rowKey={(client) => client.id}
            title={{
              key: "name",
              title: t("crmClients.fields.name"),
              cell: (client) => (
                <Link component={RouterLink} to={clientPagePath(client.id)}>
                  {client.name}
                </Link>
              ),
            }}
            columns={[
              { key: "email", title: t("crmClients.fields.email"), cell: (client) => client.email ?? "—" },
              { key: "consent", title: t("crmClients.fields.consent"), cell: (client) => <ConsentChip client={client} /> },
            ]}
            label={t("crmClients.lists.clientsOf", { name: list?.title ?? "" })}
            emptyText={emptyListText(t, clients.searched, "crmClients.lists.noClients", "crmClients.clients.noMatch")}
            actions={
              canChange
                ? (client) => (
                    <RowButton label={t("crmClients.lists.remove", { name: client.name })} onClick={() => remove.mutate(client)} color="error">
                      <PersonRemove fontSize="small" />
                    </RowButton>
                  )
                : undefined
            }
          />
          <ListPagination list={clients} labels="people" />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("crmClients.close")}</Button>
      </DialogActions>
    </Dialog>
  );
}
