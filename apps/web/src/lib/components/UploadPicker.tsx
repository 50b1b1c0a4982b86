import { EDITOR_POPUP_MAX, type Paged, UPLOAD_GALLERY_PAGE_SIZE, UPLOAD_MIME_TYPES, type Uploaded, type UploadSummary } from "@clinic/shared";
import CloudUploadOutlined from "@mui/icons-material/CloudUploadOutlined";
import {
  Alert,
  Box,
  Button,
  ButtonBase,
  Dialog,
  DialogContent,
  DialogTitle,
  FormHelperText,
  LinearProgress,
  Pagination,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, uploadEditorFile } from "../api.ts";
import { describeFailure } from "../notices.tsx";
import { useSettledText } from "../debounce.ts";
import { useResource } from "../resource.ts";
import { SearchField } from "./SearchField.tsx";
import { emptyListText } from "../empty-list.ts";

/** What the picker hands back to the editor. */
export interface PickedUpload {
  url: string;
  name: string;
}

/** Kinds the picker serves (spec §7: the editor uploads images). */
export const PICKER_TYPES = ["image"] as const;
export type PickerType = (typeof PICKER_TYPES)[number];

const MESSAGE_SOURCE = "upload-picker";

/**
 * Opens the picker of spec §2 (`/uploads/{type}/`) in a popup no larger than spec §9's
 * 1250 × 1000 and waits for its choice: the upload, null when closed without one, or
 * "blocked" when the browser refused the popup (the caller then shows the picker in a dialog).
 */
export function openUploadPicker(type: PickerType): Promise<PickedUpload | null | "blocked"> {
  const width = Math.min(EDITOR_POPUP_MAX.width, window.screen.availWidth || EDITOR_POPUP_MAX.width);
  const height = Math.min(EDITOR_POPUP_MAX.height, window.screen.availHeight || EDITOR_POPUP_MAX.height);
  const left = Math.max(0, Math.round((window.screen.availWidth - width) / 2));
  const top = Math.max(0, Math.round((window.screen.availHeight - height) / 2));
  const popup = window.open(`/uploads/${type}/`, "upload-picker", `popup=yes,width=${width},height=${height},left=${left},top=${top}`);
  if (!popup) return Promise.resolve("blocked");
  popup.focus();
  return new Promise((resolve) => {
    const finish = (result: PickedUpload | null) => {
      window.removeEventListener("message", onMessage);
      clearInterval(watch);
      resolve(result);
    };
    // Only this origin's picker, in the window just opened, is listened to.
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { source?: string; url?: unknown; name?: unknown } | null;
      if (event.origin !== window.location.origin || event.source !== popup || data?.source !== MESSAGE_SOURCE) return;
      if (typeof data.url === "string" && data.url.startsWith("/api/uploads/")) finish({ url: data.url, name: typeof data.name === "string" ? data.name : "" });
    };
    window.addEventListener("message", onMessage);
    const watch = setInterval(() => {
      if (popup.closed) finish(null);
    }, 400);
  });
}

/** Inside the popup: hands the choice to the editor that opened it, then closes. */
export function answerOpener(picked: PickedUpload): boolean {
  const opener = window.opener as Window | null;
  if (!opener || opener.closed) return false;
  opener.postMessage({ source: MESSAGE_SOURCE, ...picked }, window.location.origin);
  window.close();
  return true;
}

/**
 * Upload a new image (the form of spec §7: archivo, nombre, archivo_tipo) or choose one
 * already uploaded in this catalogue.
 */
export function UploadPicker({ type, onPick }: { type: PickerType; onPick: (picked: PickedUpload) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState("");
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const query = useSettledText(search, () => setPage(1));

  const params = new URLSearchParams({ kind: type, page: String(page), rowsPerPage: String(UPLOAD_GALLERY_PAGE_SIZE) });
  if (query) params.set("q", query);
  const gallery = useResource<Paged<UploadSummary>>(["uploads", params.toString()], `/api/uploads/?${params}`);
  const pages = Math.max(1, Math.ceil((gallery.data?.total ?? 0) / UPLOAD_GALLERY_PAGE_SIZE));

  async function send() {
    if (!file) {
      setErrors({ archivo: t("uploads.chooseFirst") });
      return;
    }
    setErrors({});
    setProgress(0);
    try {
      const uploaded = await uploadEditorFile<Uploaded>(file, name.trim() || file.name, type, setProgress);
      await queryClient.invalidateQueries({ queryKey: ["uploads"] });
      onPick({ url: uploaded.url, name: uploaded.name });
    } catch (caught) {
      const fields = caught instanceof ApiError ? caught.fieldErrors : {};
      const mapped = Object.fromEntries(Object.entries(fields).map(([field, messages]) => [field, messages.join(" ")]));
      setErrors(Object.keys(mapped).length > 0 ? mapped : { archivo: describeFailure(caught, t) });
    } finally {
      setProgress(null);
    }
  }

  return (
    <Stack spacing={3}>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <Typography variant="h6" component="h2" gutterBottom>
          {t("uploads.newTitle")}
        </Typography>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "flex-start" } }}>
          <Box>
            <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<CloudUploadOutlined />}>
              {t("uploads.chooseFile")}
              <input
                id={inputId}
                name="archivo"
                type="file"
                accept={UPLOAD_MIME_TYPES[type].join(",")}
                hidden
                onChange={(event) => {
                  const chosen = event.target.files?.[0] ?? null;
                  setFile(chosen);
                  if (chosen && !name) setName(chosen.name.replace(/\.[^.]+$/, ""));
                  setErrors({});
                }}
              />
            </Button>
            <FormHelperText error={!!errors.archivo} sx={{ maxWidth: 280 }}>
              {errors.archivo ?? (file ? file.name : t("uploads.noFile"))}
            </FormHelperText>
          </Box>
          <TextField
            size="small"
            name="nombre"
            label={t("uploads.name")}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={!!errors.nombre}
            helperText={errors.nombre ?? t("uploads.nameHint")}
            slotProps={{ htmlInput: { maxLength: 200 } }}
            sx={{ flexGrow: 1, maxWidth: 420 }}
          />
          <Button type="submit" variant="contained" disabled={progress !== null}>
            {t("uploads.uploadAndInsert")}
          </Button>
        </Stack>
        {errors.archivo_tipo ? <FormHelperText error>{errors.archivo_tipo}</FormHelperText> : null}
        {progress !== null ? <LinearProgress variant="determinate" value={progress * 100} sx={{ mt: 1 }} aria-label={t("images.uploading")} /> : null}
      </Box>

      <Box>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" }, justifyContent: "space-between", mb: 2 }}>
          <Typography variant="h6" component="h2">
            {t("uploads.galleryTitle")}
          </Typography>
          <SearchField label={t("uploads.search")} value={search} onChange={setSearch} width={280} />
        </Stack>
        <Box sx={{ height: 4 }}>{gallery.network.isFetching ? <LinearProgress aria-label={t("uploads.loading")} /> : null}</Box>
        {gallery.data && gallery.data.data.length === 0 ? <Alert severity="info">{emptyListText(t, query, "uploads.empty", "uploads.noMatch")}</Alert> : null}
        <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1.5, gridTemplateColumns: "repeat(auto-fill, minmax(150px, 1fr))" }}>
          {gallery.data?.data.map((item) => (
            <Box component="li" key={item.id}>
              <ButtonBase
                onClick={() => onPick({ url: item.url, name: item.name })}
                aria-label={t("uploads.insertNamed", { name: item.name })}
                sx={{
                  display: "block",
                  width: "100%",
                  textAlign: "left",
                  borderRadius: 1,
                  border: 1,
                  borderColor: "divider",
                  overflow: "hidden",
                  "&:hover, &.Mui-focusVisible": { borderColor: "primary.main", boxShadow: (theme) => `0 0 0 2px ${theme.palette.primary.main}` },
                }}
              >
                <Box
                  component="img"
                  src={item.url}
                  alt=""
                  loading="lazy"
                  sx={{ display: "block", width: "100%", height: 110, objectFit: "cover", bgcolor: "grey.100" }}
                />
                <Typography variant="caption" component="div" noWrap sx={{ px: 1, py: 0.5 }}>
                  {item.name}
                </Typography>
              </ButtonBase>
            </Box>
          ))}
        </Box>
        {pages > 1 ? (
          <Pagination
            count={pages}
            page={page}
            onChange={(_, next) => setPage(next)}
            sx={{ mt: 2 }}
            getItemAriaLabel={(kind, number) => (kind === "page" ? t("uploads.pageNumber", { number }) : t(`catalogue.page.${kind}`))}
          />
        ) : null}
      </Box>
    </Stack>
  );
}

/** The picker in a dialog, for browsers that block the popup; sized like the popup. */
export function UploadPickerDialog({ open, type, onClose }: { open: boolean; type: PickerType; onClose: (picked: PickedUpload | null) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={() => onClose(null)}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { sx: { maxWidth: EDITOR_POPUP_MAX.width, maxHeight: EDITOR_POPUP_MAX.height } } }}
    >
      <DialogTitle>{t("uploads.title")}</DialogTitle>
      <DialogContent>{open ? <UploadPicker type={type} onPick={(picked) => onClose(picked)} /> : null}</DialogContent>
    </Dialog>
  );
}
