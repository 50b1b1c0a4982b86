import { CMS_API, type CmsPageDetail } from "@clinic/shared";
import { Alert, Box, Stack } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { get as fieldError } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { EditorNavbar } from "../../../lib/components/EditorNavbar.tsx";
import { get } from "../../../lib/api.ts";
import { ConfirmDialog } from "../../../lib/components/ConfirmDialog.tsx";
import { useLeaveGuard } from "../../../lib/components/LeaveGuard.tsx";
import { Loading } from "../../../lib/components/Loading.tsx";
import { usePathId } from "../../../lib/components/RecordFrame.tsx";
import { formatDateTime } from "../../../lib/dates.ts";
import { useAction } from "../../../lib/resource.ts";
import { VersionsPanel } from "../versions/VersionsPanel.tsx";
import { CMS_PAGES_HOME, EVERY_CMS_PAGE_LIST, pageKey, publishPage, unpublishPage, usePage } from "../api.ts";
import { BlocksEditor } from "./BlocksEditor.tsx";
import type { ImageAddresses } from "./blocks/ImageBlockForm.tsx";
import { EditorActions, EditorStatus } from "./EditorActions.tsx";
import { PageFields } from "./PageFields.tsx";
import { PreviewDialog } from "./PreviewDialog.tsx";
import { PublishDialog } from "./PublishDialog.tsx";
import { cmsFieldMessage } from "./page-form.ts";
import { usePageEditor } from "./use-page-editor.ts";

type Opened = "preview" | "schedule" | "unpublish" | "versions" | null;

/** Where each image is read: the page's answer names those it holds; an upload just made is remembered here. */
function useImageAddresses(page: CmsPageDetail): ImageAddresses {
  const added = useRef(new Map<string, string>());
  return {
    urlOf: (id) => added.current.get(id) ?? page.uploads[id] ?? `/api/uploads/${id}`,
    remember: (id, url) => added.current.set(id, url),
  };
}

/** The editor of one page, its draft loaded: fields and blocks, the navbar's save state and actions, and their dialogs. */
export function PageEditor({ page }: { page: CmsPageDetail }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const editor = usePageEditor(page);
  const { form, state } = editor;
  const [opened, setOpened] = useState<Opened>(null);
  const images = useImageAddresses(page);
  const leaveGuard = useLeaveGuard(form.formState.isDirty);
  const text = (path: string) => {
    const error = fieldError(form.formState.errors, path) as { message?: string; root?: { message?: string } } | undefined;
    return cmsFieldMessage(t, error?.message ?? error?.root?.message);
  };
  /** Saves the draft first when it holds changes: what is previewed or published is what is saved. */
  const prepare = async () => (form.formState.isDirty ? (await editor.saveNow()) !== null : true);
  const settled = (saved: CmsPageDetail) => {
    client.setQueryData(pageKey(page.id), saved);
  };
  const publishNow = useAction(() => publishPage(page.id, {}), {
    invalidate: EVERY_CMS_PAGE_LIST,
    success: () => t("cmsPages.notices.published"),
    onSuccess: settled,
  });
  const unpublish = useAction(() => unpublishPage(page.id), {
    invalidate: EVERY_CMS_PAGE_LIST,
    success: () => t("cmsPages.notices.unpublished"),
    onSuccess: (saved) => {
      settled(saved);
      setOpened(null);
    },
  });
  const busy = editor.saving || publishNow.isPending || unpublish.isPending;

  return (
    <Box component="form" noValidate onSubmit={(event) => event.preventDefault()} sx={{ minWidth: 0 }}>
      <EditorNavbar
        title={form.watch("title") || page.title}
        backTo={CMS_PAGES_HOME}
        status={<EditorStatus state={state} page={page} />}
        actions={
          <EditorActions
            page={page}
            busy={busy}
            onSave={() => void editor.saveNow()}
            onPreview={() => void prepare().then((ready) => ready && setOpened("preview"))}
            onPublishNow={() => void prepare().then((ready) => ready && publishNow.mutate(undefined))}
            onSchedule={() => setOpened("schedule")}
            onUnpublish={() => setOpened("unpublish")}
            onVersions={() => setOpened("versions")}
          />
        }
      />
      <Stack spacing={3} sx={{ maxWidth: 1100 }}>
        {page.state === "scheduled" && page.publishAt ? (
          <Alert severity="info">{t("cmsPages.editor.scheduledFor", { when: formatDateTime(page.publishAt) })}</Alert>
        ) : null}
        {editor.problem ? <Alert severity="error">{editor.problem}</Alert> : null}
        <PageFields form={form} text={text} page={page} images={images} />
        <BlocksEditor form={form} text={text} images={images} />
      </Stack>
      <PreviewDialog open={opened === "preview"} pageId={page.id} version={page.version} title={page.title} onClose={() => setOpened(null)} />
      <PublishDialog open={opened === "schedule"} page={page} prepare={prepare} onClose={() => setOpened(null)} onDone={settled} />
      <ConfirmDialog
        open={opened === "unpublish"}
        title={t("cmsPages.unpublish.title")}
        text={t("cmsPages.unpublish.text")}
        confirmLabel={t("cmsPages.actions.unpublish")}
        destructive
        busy={unpublish.isPending}
        onConfirm={() => unpublish.mutate(undefined)}
        onCancel={() => setOpened(null)}
      />
      <VersionsPanel
        pageId={page.id}
        open={opened === "versions"}
        onClose={() => setOpened(null)}
        onRestored={() => {
          // The restored version is the new draft: read it and show it in place of what the form held.
          void get<CmsPageDetail>(CMS_API.page(page.id)).then(editor.replaceDraft);
        }}
      />
      {leaveGuard.dialog}
    </Box>
  );
}

/** `/cms/pages/:pageId`: the page editor, with the shell's editor navbar and slim admin page drawer while it is open. */
export function PageEditorPage() {
  const { t } = useTranslation();
  const pageId = usePathId("pageId");
  const { data, network } = usePage(pageId);
  if (pageId === null || network.status === 404) return <Alert severity="warning">{t("cmsPages.editor.notFound")}</Alert>;
  if (!data) return network.error ? <Alert severity="error">{t("cmsPages.editor.loadError")}</Alert> : <Loading />;
  // A page of its own per id: the form starts again from the draft when another page opens.
  return <PageEditor key={data.id} page={data} />;
}
