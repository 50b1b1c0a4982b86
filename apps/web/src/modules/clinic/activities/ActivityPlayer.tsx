import type { Activity } from "@clinic/shared";
import { Alert, Box, Link } from "@mui/material";
import { useTranslation } from "react-i18next";
import { RichTextView } from "../../../lib/components/RichTextView.tsx";

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

/** What a patient (or the therapist previewing) sees of an activity: the video, the text, or the game. */
export function ActivityPlayer({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  if (activity.type === "video") {
    if (!activity.videoUrl) return <Alert severity="warning">{t("activities.videoMissing")}</Alert>;
    const video = embeddableVideo(activity.videoUrl);
    return video.kind === "iframe" ? (
      <Box sx={{ position: "relative", pt: "56.25%", maxWidth: 928 }}>
        <Box
          component="iframe"
          src={video.src}
          title={activity.name}
          allow="encrypted-media; fullscreen; picture-in-picture"
          sx={{ position: "absolute", inset: 0, width: "100%", height: "100%", border: 0 }}
        />
      </Box>
    ) : (
      <Box
        component="video"
        controls
        preload="metadata"
        src={video.src}
        aria-label={activity.name}
        sx={{ width: "100%", maxWidth: 928, bgcolor: "black", borderRadius: 1 }}
      >
        <Link href={video.src}>{t("activities.openVideo")}</Link>
      </Box>
    );
  }
  if (activity.type === "text") {
    return (
      <Box sx={{ maxWidth: 760, lineHeight: 1.7 }} data-testid="activity-text">
        <RichTextView html={activity.body ?? ""} />
      </Box>
    );
  }
  // The catalogue of game builds arrives with the games issue; until then say so plainly.
  return <Alert severity="info">{t("activities.gameNotInstalled", { build: activity.gameBuildId ?? "" })}</Alert>;
}
