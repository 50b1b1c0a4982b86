import { CRM_CLIENT_LIMITS, type CrmDocument } from "@clinic/shared";
import UploadFile from "@mui/icons-material/UploadFileOutlined";
import { Box, Button, LinearProgress, Link, Stack, TextField, Typography } from "@mui/material";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api.ts";
import { useDeleteConfirm } from "../../../lib/components/ManageList.tsx";
import { ManageTable } from "../../../lib/components/ManageTable.tsx";
import { EditDeleteButtons } from "../../../lib/components/RowButtons.tsx";
import { formatDateTime } from "../../../lib/dates.ts";
import { formatBytes } from "../../../lib/exports.ts";
import { useAction, useResource } from "../../../lib/resource.ts";
import { CLIENTS_KEY, DOCUMENTS_KEY, deleteDocument, TIMELINE_RESOURCE, uploadDocument } from "./api.ts";
import { clientText } from "./client-form.ts";

/** What a document may be (the server checks the bytes themselves). */
const ACCEPT = "application/pdf,image/png,image/jpeg,image/gif,image/webp";

/**
 * A client's or an initiative's documents (spec §3: a name of at most 200 and a file): the list
 * with each file's download; for who may change them, an upload with its name and a delete that
 * asks first. The server decides who may see and delete each one.
 */
export function DocumentsPanel(props: { clientId?: number; initiativeId?: number; canChange: boolean }) {
  const { clientId, initiativeId, canChange } = props;
  const { t, i18n } = useTranslation();
  const query = clientId !== undefined ? `clientId=${clientId}` : `initiativeId=${initiativeId}`;
  const documents = useResource<CrmDocument[]>([DOCUMENTS_KEY, query], `/api/crm/documents?${query}`);
  const lists = [[DOCUMENTS_KEY, query], [TIMELINE_RESOURCE], [CLIENTS_KEY]];
  const fileId = useId();
  const [name, setName] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useAction((input: { name: string; file: File }) => uploadDocument({ ...input, clientId, initiativeId }, setProgress), {
    invalidate: lists,
    success: () => t("crmClients.notices.itemCreated"),
    onFieldErrors: (fields) =>
      setErrors(Object.fromEntries(Object.entries(fields).map(([field, messages]) => [field, messages.map((message) => clientText(t, message)).join(" ")]))),
    onSuccess: () => {
      setName("");
      setFile(null);
    },
    onFailure: (failure) => {
      if (!(failure instanceof ApiError && failure.status === 400)) setErrors({});
    },
  });
  const deletion = useDeleteConfirm<CrmDocument>({
    title: t("crmClients.documents.deleteTitle"),
    text: (document) => t("crmClients.documents.deleteText", { name: document.name }),
    run: (document) => deleteDocument(document.id),
    invalidate: lists,
    deleted: () => t("crmClients.notices.itemDeleted"),
  });
  const submit = () => {
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = t("crmClients.documents.nameRequired");
    if (!file) found.file = t("crmClients.documents.fileRequired");
    setErrors(found);
    if (file && name.trim()) send.mutate({ name: name.trim(), file }, { onSettled: () => setProgress(null) });
  };
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      {canChange ? (
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
          aria-label={t("crmClients.documents.add")}
        >
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ alignItems: { sm: "flex-start" } }}>
            <TextField
              size="small"
              label={t("crmClients.fields.documentName")}
              required
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={!!errors.name}
              helperText={errors.name}
              slotProps={{ htmlInput: { maxLength: CRM_CLIENT_LIMITS.documentName } }}
              sx={{ flex: 1 }}
            />
            <Stack spacing={0.5} sx={{ minWidth: 0 }}>
              <Button component="label" htmlFor={fileId} variant="outlined" startIcon={<UploadFile />}>
                {file ? file.name : t("crmClients.documents.chooseFile")}
              </Button>
              <input
                id={fileId}
                type="file"
                accept={ACCEPT}
                hidden
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  event.target.value = "";
                }}
              />
              <Typography variant="caption" color={errors.file ? "error" : "text.secondary"} role={errors.file ? "alert" : undefined}>
                {errors.file ?? t("crmClients.documents.fileHint")}
              </Typography>
            </Stack>
            <Button type="submit" variant="contained" disabled={send.isPending}>
              {t("crmClients.documents.upload")}
            </Button>
          </Stack>
          {progress !== null ? (
            <LinearProgress variant="determinate" value={progress * 100} sx={{ mt: 1 }} aria-label={t("crmClients.documents.uploading")} />
          ) : null}
          {errors.clientId || errors.initiativeId || errors.detail ? (
            <Typography color="error" role="alert" sx={{ mt: 1 }}>
              {errors.clientId ?? errors.initiativeId ?? errors.detail}
            </Typography>
          ) : null}
        </Box>
      ) : null}
      <ManageTable
        rows={documents.data}
        rowKey={(document) => document.id}
        title={{
          key: "name",
          title: t("crmClients.fields.documentName"),
          cell: (document) => (
            <Link href={document.downloadUrl} download>
              {document.name}
            </Link>
          ),
        }}
        columns={[
          { key: "file", title: t("crmClients.documents.file"), cell: (document) => `${document.originalName} (${formatBytes(document.size, i18n.language)})` },
          { key: "by", title: t("crmClients.documents.addedBy"), cell: (document) => document.createdByName ?? "—", wideOnly: true },
          { key: "at", title: t("crmClients.documents.addedAt"), cell: (document) => formatDateTime(document.createdAt) },
        ]}
        actions={canChange ? (document) => <EditDeleteButtons name={document.name} onDelete={() => deletion.ask(document)} /> : undefined}
        label={t("crmClients.documents.title")}
        emptyText={t("crmClients.documents.empty")}
      />
      {deletion.dialog}
    </Stack>
  );
}
