import { buildById } from "@clinic/games";
import type { Activity, ActivityFile } from "@clinic/shared";
import OpenInNew from "@mui/icons-material/OpenInNew";
import PlayArrowRounded from "@mui/icons-material/PlayArrowRounded";
import { Alert, Box, Button, CircularProgress, Link, Stack, Typography } from "@mui/material";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { RichTextView } from "../../../lib/components/RichTextView.tsx";
import { currentLanguage } from "../../../lib/i18n.ts";
import { useKeptFile, useObjectUrl } from "../../../lib/offline/useKeptFile.ts";
import { NeedsConnection, VideoKeeper } from "../../offline/VideoKeeper.tsx";
import { BundleTry } from "../games/BundleTry.tsx";
import { BuildFacts } from "../games/BuildFacts.tsx";
import { previewPath } from "../games/paths.ts";

// pdf.js is large: it loads with the first PDF shown, never with the pages around it.
const PdfViewer = lazy(() => import("./PdfViewer.tsx").then((module) => ({ default: module.PdfViewer })));

/** A text activity's attached document: a PDF in the viewer, an image as an image, anything else as a link. */
function ActivityDocument({ file }: { file: ActivityFile }) {
  const { t } = useTranslation();
  // The copy kept on a patient's device (issue 43) opens offline; staff have none.
  const kept = useKeptFile(file.url);
  const keptUrl = useObjectUrl(kept?.blob);
  if (kept === undefined) return <CircularProgress aria-label={t("activities.pdf.loading")} />;
  if (file.mime === "application/pdf") {
    return (
      <Suspense fallback={<CircularProgress aria-label={t("activities.pdf.loading")} />}>
        <PdfViewer url={file.url} name={file.name} data={kept?.blob} />
      </Suspense>
    );
  }
  if (file.mime?.startsWith("image/")) {
    if (kept && !keptUrl) return null;
    return <Box component="img" src={keptUrl ?? file.url} alt={file.name} sx={{ display: "block", maxWidth: "100%", height: "auto", borderRadius: 1 }} />;
  }
  return (
    <Link href={file.url} target="_blank" rel="noopener">
      {t("activities.pdf.openNamed", { name: file.name })}
    </Link>
  );
}

/** A YouTube or Vimeo page address turned into its embeddable player; anything else as given. */
export function embeddableVideo(url: string): { kind: "iframe" | "video"; src: string } {
  try {
    const parsed = new URL(url, "http://localhost");
    const host = parsed.hostname.replace(/^www\./, "");
    if (host === "youtube.com" && parsed.searchParams.get("v"))
      return { kind: "iframe", src: `https://www.youtube-nocookie.com/embed/${parsed.searchParams.get("v")}` };
    if (host === "youtu.be") return { kind: "iframe", src: `https://www.youtube-nocookie.com/embed${parsed.pathname}` };
    if (host === "vimeo.com" && /^\/\d+$/.test(parsed.pathname)) return { kind: "iframe", src: `https://player.vimeo.com/video${parsed.pathname}` };
  } catch {
    // Not a URL: play it as a file address.
  }
  return { kind: "video", src: url };
}

/**
 * A video activity: an embedded player or a video file. Hosted elsewhere, it needs a connection
 * (said beside it); an uploaded file may be kept on a patient's device and then plays offline.
 */
function ActivityVideo({ url, name }: { url: string; name: string }) {
  const { t } = useTranslation();
  const [version, setVersion] = useState(0);
  const video = embeddableVideo(url);
  const uploaded = video.kind === "video" && url.startsWith("/");
  const kept = useKeptFile(uploaded ? url : null, version);
  const keptUrl = useObjectUrl(kept?.blob);
  if (video.kind === "iframe") {
    return (
      <Stack spacing={1}>
        <NeedsConnection />
        <Box sx={{ position: "relative", pt: "56.25%", maxWidth: 928 }}>
          <Box
            component="iframe"
            src={video.src}
            title={name}
            allow="encrypted-media; fullscreen; picture-in-picture"
            sx={{ position: "absolute", inset: 0, width: "100%", height: "100%", border: 0 }}
          />
        </Box>
      </Stack>
    );
  }
  return (
    <Stack spacing={1}>
      {uploaded ? <VideoKeeper url={url} name={name} kept={Boolean(kept)} onChange={() => setVersion((value) => value + 1)} /> : <NeedsConnection />}
      {kept && !keptUrl ? null : (
        <Box
          component="video"
          controls
          preload="metadata"
          src={keptUrl ?? video.src}
          aria-label={name}
          sx={{ width: "100%", maxWidth: 928, bgcolor: "black", borderRadius: 1 }}
        >
          <Link href={video.src}>{t("activities.openVideo")}</Link>
        </Box>
      )}
    </Stack>
  );
}

/**
 * What a patient (or the therapist previewing) sees of an activity: the video, the text, or the
 * game's card with the way to play it (`playHref`: the patient's assignment, null once played) or,
 * for staff (no `playHref`), to preview it.
 */
export function ActivityPlayer({ activity, playHref }: { activity: Activity; playHref?: string | null }) {
  const { t } = useTranslation();
  if (activity.type === "video") {
    if (!activity.videoUrl) return <Alert severity="warning">{t("activities.videoMissing")}</Alert>;
    return <ActivityVideo url={activity.videoUrl} name={activity.name} />;
  }
  if (activity.type === "text") {
    return (
      <Stack spacing={2}>
        <Box sx={{ maxWidth: 760, lineHeight: 1.7 }} data-testid="activity-text">
          <RichTextView html={activity.body ?? ""} />
        </Box>
        {activity.file ? <ActivityDocument file={activity.file} /> : null}
      </Stack>
    );
  }
  if (!activity.gameBuildId && activity.file?.type === "Game") {
    // An uploaded bundle: patients play it in their play page, staff try it here; both in its sandboxed frame.
    return (
      <Stack spacing={1.5} sx={{ maxWidth: 760 }} data-testid="activity-game">
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
          {activity.file.name}
        </Typography>
        <Typography color="text.secondary">{t("activities.uploadedGame")}</Typography>
        {playHref === null ? null : playHref ? (
          <Box>
            <Button variant="contained" size="large" href={playHref} startIcon={<PlayArrowRounded />}>
              {t("activities.play")}
            </Button>
          </Box>
        ) : (
          <BundleTry file={activity.file} />
        )}
      </Stack>
    );
  }
  const build = activity.gameBuildId ? buildById(activity.gameBuildId) : undefined;
  if (!build) return <Alert severity="warning">{t("activities.gameUnknown", { build: activity.gameBuildId ?? "" })}</Alert>;
  const language = currentLanguage();
  return (
    <Stack spacing={1.5} sx={{ maxWidth: 760 }} data-testid="activity-game">
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
        {build.title[language]}
      </Typography>
      <BuildFacts build={build} />
      <Typography sx={{ whiteSpace: "pre-line" }}>{build.instructions[language]}</Typography>
      <Box>
        {/* Full page loads: game pages are served cross-origin isolated. */}
        {playHref === null ? null : playHref ? (
          <Button variant="contained" size="large" href={playHref} startIcon={<PlayArrowRounded />}>
            {t("activities.play")}
          </Button>
        ) : (
          <Button variant="outlined" href={previewPath(build.id)} target="_blank" rel="noopener" endIcon={<OpenInNew />}>
            {t("activities.preview")}
          </Button>
        )}
      </Box>
    </Stack>
  );
}
