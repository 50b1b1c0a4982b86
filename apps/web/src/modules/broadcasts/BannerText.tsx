import { broadcastText } from "@clinic/shared";
import { RichTextView } from "../../lib/components/RichTextView.tsx";

/** A banner's text inside its Alert: rich text on a line or two, links in the Alert's own colour. */
export function BannerText({ html }: { html: string }) {
  return <RichTextView html={html} sx={{ "& p": { my: 0 }, "& a": { color: "inherit", fontWeight: 700, textDecoration: "underline" } }} />;
}

/** A broadcast's text in `language`, else the other one (the shell's banners load this with the sanitiser). */
export function BroadcastText({ broadcast, language }: { broadcast: { messageEn: string; messageEs: string }; language: string }) {
  return <BannerText html={broadcastText(broadcast, language)} />;
}
