import { CMS_API, CMS_LANGUAGES, CMS_PAGE_STATES, type CmsLanguage, type CmsPageRow, type CmsPageState } from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import OpenInNew from "@mui/icons-material/OpenInNew";
import { Box, Button, Link, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router";
import { ListLoading, ListPagination } from "../../../lib/components/ListPagination.tsx";
import { type ManageColumn, ManageTable } from "../../../lib/components/ManageTable.tsx";
import { SearchField } from "../../../lib/components/SearchField.tsx";
import { formatDate } from "../../../lib/dates.ts";
import { emptyListText } from "../../../lib/empty-list.ts";
import { usePagedList } from "../../../lib/usePagedList.ts";
import { VISUALLY_HIDDEN } from "../../../lib/visually-hidden.ts";
import { CMS_PAGES_RESOURCE, cmsEditorPath } from "../api.ts";
import { NewPageDialog } from "./NewPageDialog.tsx";
import { filtersOf, type PageFilters, pageListFilters } from "./page-form.ts";
import { PageStateChip } from "./PageStateChip.tsx";

export const PAGES_PAGE_SIZE = 25;

/** The public sees the page: published, or scheduled again while its earlier publication stays up. */
const isPublic = (page: CmsPageRow) => page.state !== "draft" && page.publishedAt !== null;

/**
 * The website's pages (`/cms/pages`): searched by title or slug, narrowed by state and language.
 * Each row names its page (opening the editor), its public address (opened in a new tab once the
 * public can see it), language, state (with unpublished changes and a scheduled time) and who
 * changed it last. The filters are kept in the address. "New page" asks the title, slug and language, then opens the editor.
 */
export function PagesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The filters stay in the address (`?state=published&language=es`): going back returns to them.
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const setFilters = (next: PageFilters) => setParams(pageListFilters(next), { replace: true });
  const [adding, setAdding] = useState(false);
  const list = usePagedList<CmsPageRow>(CMS_PAGES_RESOURCE, CMS_API.pages, { filters: pageListFilters(filters), pageSize: PAGES_PAGE_SIZE });

  const title: ManageColumn<CmsPageRow> = {
    key: "title",
    title: t("cmsPages.fields.title"),
    minWidth: 200,
    cell: (page) => (
      <>
        <Link component={RouterLink} to={cmsEditorPath(page.id)}>
          {page.title}
        </Link>
        {page.isHome ? (
          <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
            {t("cmsPages.list.home")}
          </Typography>
        ) : null}
      </>
    ),
  };
  const columns: ManageColumn<CmsPageRow>[] = [
    {
      key: "path",
      title: t("cmsPages.fields.address"),
      minWidth: 180,
      cell: (page) =>
        isPublic(page) ? (
          <Link href={page.path} target="_blank" rel="noopener" sx={{ display: "inline-flex", alignItems: "center", gap: 0.5, overflowWrap: "anywhere" }}>
            {page.path}
            <OpenInNew fontSize="inherit" aria-hidden />
            <Box component="span" sx={VISUALLY_HIDDEN}>
              {t("cmsPages.list.newTab")}
            </Box>
          </Link>
        ) : (
          <Box component="span" sx={{ color: "text.secondary", overflowWrap: "anywhere" }}>
            {page.path}
          </Box>
        ),
    },
    { key: "language", title: t("cmsPages.fields.language"), cell: (page) => t(`cmsPages.languages.${page.language}`) },
    { key: "state", title: t("cmsPages.fields.state"), minWidth: 160, cell: (page) => <PageStateChip page={page} /> },
    {
      key: "updated",
      title: t("cmsPages.fields.updated"),
      minWidth: 150,
      wideOnly: true,
      cell: (page) => (
        <>
          {formatDate(page.updatedAt)}
          {page.updatedBy ? (
            <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
              {page.updatedBy.name}
            </Typography>
          ) : null}
        </>
      ),
    },
  ];
  const filtered = filters.state !== "" || filters.language !== "";

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Typography color="text.secondary">{t("cmsPages.list.intro")}</Typography>
      <div>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          {t("cmsPages.list.add")}
        </Button>
      </div>
      <Box component="section" aria-label={t("cmsPages.list.filters")}>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} useFlexGap sx={{ flexWrap: "wrap", alignItems: { sm: "flex-start" } }}>
          <SearchField label={t("cmsPages.list.search")} value={list.search} onChange={list.onSearch} width={260} />
          <TextField
            select
            size="small"
            label={t("cmsPages.fields.state")}
            value={filters.state}
            onChange={(event) => setFilters({ ...filters, state: event.target.value as CmsPageState | "" })}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            sx={{ width: { xs: "100%", sm: 180 } }}
          >
            <MenuItem value="">{t("cmsPages.list.allStates")}</MenuItem>
            {CMS_PAGE_STATES.map((one) => (
              <MenuItem key={one} value={one}>
                {t(`cmsPages.states.${one}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t("cmsPages.fields.language")}
            value={filters.language}
            onChange={(event) => setFilters({ ...filters, language: event.target.value as CmsLanguage | "" })}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            sx={{ width: { xs: "100%", sm: 180 } }}
          >
            <MenuItem value="">{t("cmsPages.list.allLanguages")}</MenuItem>
            {CMS_LANGUAGES.map((one) => (
              <MenuItem key={one} value={one}>
                {t(`cmsPages.languages.${one}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </Box>
      <Typography component="h2" sx={VISUALLY_HIDDEN}>
        {t("cmsPages.list.label")}
      </Typography>
      <ListLoading loading={list.loading} labels="catalogue" />
      <ManageTable
        rows={list.rows}
        rowKey={(page) => page.id}
        title={title}
        columns={columns}
        label={t("cmsPages.list.label")}
        emptyText={emptyListText(t, list.searched, filtered ? "cmsPages.list.noneFiltered" : "cmsPages.list.empty", "cmsPages.list.noMatch")}
      />
      <ListPagination list={list} labels="catalogue" />
      <NewPageDialog open={adding} onClose={() => setAdding(false)} onCreated={(page) => navigate(cmsEditorPath(page.id))} />
    </Stack>
  );
}
