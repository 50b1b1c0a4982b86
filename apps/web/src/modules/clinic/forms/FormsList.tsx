import type { FormSummary, FormsPage } from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import AssessmentOutlined from "@mui/icons-material/AssessmentOutlined";
import { Box, Button, Card, CardContent, Stack, Tab, Tabs, Typography } from "@mui/material";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { ConfirmDialog } from "../../../lib/components/ConfirmDialog.tsx";
import { ListLoading, ListPagination } from "../../../lib/components/ListPagination.tsx";
import { SearchField } from "../../../lib/components/SearchField.tsx";
import { useSettledText } from "../../../lib/debounce.ts";
import { useAction, useResource } from "../../../lib/resource.ts";
import { archiveForm, deleteForm, FORMS_KEY, formPath, RESULTS_PATH } from "./api.ts";
import { AssignFormDialog } from "./AssignFormDialog.tsx";
import { FormsTable } from "./FormsTable.tsx";
import { emptyListText } from "../../../lib/empty-list.ts";

/**
 * Staff's `forms`: the platform's forms and the clinic's own, searched by name, the archived
 * ones on a tab of their own; each to edit (or read, when it cannot be changed), copy, assign,
 * archive or delete. A form with answers cannot be deleted: the server says to archive it.
 */
export function FormsList() {
  const { t } = useTranslation();
  const tabsId = useId();
  const [archived, setArchived] = useState(false);
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const text = useSettledText(search, () => setPage(1));
  const searching = !archived && text.trim() !== "";
  // The search answers the first matches only (spec §7): no pages.
  const path = searching
    ? `/api/search-form/${encodeURIComponent(text.trim())}/`
    : `/api/forms/?${new URLSearchParams({ page: String(page), limit: String(limit), archived: String(archived) })}`;
  const { data, network } = useResource<FormsPage>([FORMS_KEY, path], path);
  const [assigning, setAssigning] = useState<FormSummary | null>(null);
  const [deleting, setDeleting] = useState<FormSummary | null>(null);

  const remove = useAction((row: FormSummary) => deleteForm(row.id), {
    invalidate: [[FORMS_KEY]],
    removes: (_, row) => [{ list: [FORMS_KEY], records: [row] }],
    success: t("dynamicForms.notices.removed"),
    onSuccess: () => setDeleting(null),
  });
  const archive = useAction((row: FormSummary) => archiveForm(row.id, !row.archived), {
    invalidate: [[FORMS_KEY], ["dynamic-form"]],
    success: (saved) => (saved.archived ? t("dynamicForms.notices.archived") : t("dynamicForms.notices.unarchived")),
  });

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ justifyContent: "space-between", alignItems: { sm: "center" }, mb: 1 }}>
          <Typography variant="h6" component="h2">
            {t("dynamicForms.list.title")}
          </Typography>
          <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
            <Button startIcon={<AssessmentOutlined />} component={RouterLink} to={RESULTS_PATH}>
              {t("dynamicForms.list.results")}
            </Button>
            <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={formPath("add")}>
              {t("dynamicForms.actions.add")}
            </Button>
          </Box>
        </Stack>
        <Tabs
          value={archived ? "archived" : "active"}
          onChange={(_, value: string) => {
            setArchived(value === "archived");
            setPage(1);
          }}
          aria-label={t("dynamicForms.list.tabs")}
          id={tabsId}
          sx={{ mb: 2 }}
        >
          <Tab value="active" label={t("dynamicForms.list.active")} />
          <Tab value="archived" label={t("dynamicForms.list.archived")} />
        </Tabs>
        {archived ? null : <SearchField value={search} onChange={setSearch} label={t("dynamicForms.list.search")} />}
        <ListLoading loading={network.isFetching} labels="catalogue" />
        <FormsTable
          rows={data?.data}
          emptyText={emptyListText(
            t,
            searching ? text : "",
            archived ? "dynamicForms.list.noArchived" : "dynamicForms.list.empty",
            "dynamicForms.list.noMatches",
          )}
          onAssign={setAssigning}
          onArchive={(row) => archive.mutate(row)}
          onDelete={setDeleting}
        />
        {searching || !data ? null : (
          <ListPagination
            list={{
              total: data.total,
              page,
              rowsPerPage: limit,
              onPage: setPage,
              onRowsPerPage: (rows) => {
                setLimit(rows);
                setPage(1);
              },
            }}
            labels="catalogue"
          />
        )}
      </CardContent>
      {assigning ? <AssignFormDialog form={assigning} onClose={() => setAssigning(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t("dynamicForms.list.deleteTitle")}
        text={deleting ? t("dynamicForms.list.deleteText", { name: deleting.name }) : ""}
        confirmLabel={t("dynamicForms.actions.delete")}
        destructive
        busy={remove.isPending}
        // A refusal (409: it has answers, archive it instead) is told by its notice; the question is over either way.
        onConfirm={() => deleting && remove.mutate(deleting, { onError: () => setDeleting(null) })}
        onCancel={() => setDeleting(null)}
      />
    </Card>
  );
}
