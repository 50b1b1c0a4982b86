import { richTextToPlain } from "@clinic/shared";
import FormatBold from "@mui/icons-material/FormatBold";
import FormatItalic from "@mui/icons-material/FormatItalic";
import FormatListBulleted from "@mui/icons-material/FormatListBulleted";
import FormatListNumbered from "@mui/icons-material/FormatListNumbered";
import FormatQuote from "@mui/icons-material/FormatQuote";
import FormatUnderlined from "@mui/icons-material/FormatUnderlined";
import ImageOutlined from "@mui/icons-material/ImageOutlined";
import LinkIcon from "@mui/icons-material/Link";
import Redo from "@mui/icons-material/Redo";
import Undo from "@mui/icons-material/Undo";
import { Box, Divider, FormHelperText, IconButton, Stack, Tooltip, Typography } from "@mui/material";
import Image from "@tiptap/extension-image";
import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { type ReactNode, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { cspNonce } from "../csp.ts";
import { LinkDialog } from "./LinkDialog.tsx";
import { richTextStyles } from "./RichTextView.tsx";
import { type PickedUpload, UploadPickerDialog, openUploadPicker } from "./UploadPicker.tsx";

export interface RichTextEditorProps {
  label: string;
  /** HTML; "" when empty. */
  value: string;
  onChange: (html: string) => void;
  /** Limit on the characters a reader sees (spec §5), shown as a counter. */
  max: number;
  required?: boolean;
  error?: string;
  minHeight?: number;
  /** Lets a form focus the editor on a field error (react-hook-form's field ref). */
  inputRef?: (instance: { focus: () => void } | null) => void;
  /** Only emphasis and links, for a line of text (a broadcast banner): no headings, lists, quotes or images. */
  inline?: boolean;
  /** Whether images may be inserted (default yes): text that reaches many users (a message) has none, as they may not read the upload. */
  images?: boolean;
}

interface ToolProps {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}

function Tool({ label, active, disabled, onClick, children }: ToolProps) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          aria-pressed={active === undefined ? undefined : active}
          disabled={disabled}
          onClick={onClick}
          color={active ? "primary" : "default"}
          sx={active ? { bgcolor: "action.selected" } : undefined}
        >
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/**
 * The rich-text editor (TipTap) for descriptions and text-activity bodies: headings, lists,
 * quotes, links and images. Images come from the upload picker (spec §2 `/uploads/{type}/`),
 * opened as a popup capped at 1250 × 1000 (spec §9), or in a dialog when popups are blocked.
 * The server sanitises what is saved; the counter counts what a reader sees.
 */
export function RichTextEditor({
  label,
  value,
  onChange,
  max,
  required,
  error,
  minHeight = 140,
  inputRef,
  inline = false,
  images = true,
}: RichTextEditorProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const helperId = useId();
  const [linkOpen, setLinkOpen] = useState(false);
  const [pickerFallback, setPickerFallback] = useState(false);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        link: { openOnClick: false, autolink: true, defaultProtocol: "https", protocols: ["http", "https", "mailto"] },
      }),
      Image.configure({ allowBase64: false }),
    ],
    content: value,
    injectNonce: cspNonce(),
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? "" : current.getHTML()),
  });

  // A form reset (a record loaded for editing) replaces the content without echoing a change.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? "" : editor.getHTML();
    if (value !== current) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    if (!editor || !inputRef) return;
    inputRef({ focus: () => editor.commands.focus() });
    return () => inputRef(null);
  }, [editor, inputRef]);

  // aria attributes follow the label, the error and the helper text as they change.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    editor.setOptions({
      editorProps: {
        attributes: {
          role: "textbox",
          "aria-multiline": "true",
          "aria-labelledby": labelId,
          "aria-describedby": helperId,
          "aria-invalid": error ? "true" : "false",
          ...(required ? { "aria-required": "true" } : {}),
        },
      },
    });
  }, [editor, labelId, helperId, error, required]);

  const state = useEditorState({
    editor,
    // A destroyed editor (a closed dialog, StrictMode's second mount) has no state to ask.
    selector: ({ editor: current }) =>
      !current || current.isDestroyed
        ? null
        : {
            bold: current.isActive("bold"),
            italic: current.isActive("italic"),
            underline: current.isActive("underline"),
            heading2: current.isActive("heading", { level: 2 }),
            heading3: current.isActive("heading", { level: 3 }),
            bulletList: current.isActive("bulletList"),
            orderedList: current.isActive("orderedList"),
            blockquote: current.isActive("blockquote"),
            link: current.isActive("link"),
            canUndo: current.can().undo(),
            canRedo: current.can().redo(),
          },
  });

  const insertImage = (picked: PickedUpload | null) => {
    if (picked) editor?.chain().focus().setImage({ src: picked.url, alt: picked.name }).run();
  };

  async function pickImage() {
    const result = await openUploadPicker("image");
    if (result === "blocked") setPickerFallback(true);
    else insertImage(result);
  }

  const length = richTextToPlain(value).length;
  const chain = () => editor?.chain().focus();
  return (
    <Box>
      <Typography id={labelId} variant="subtitle2" component="div" color={error ? "error" : "text.secondary"} sx={{ mb: 0.5 }}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </Typography>
      <Box
        sx={{
          border: 1,
          borderColor: error ? "error.main" : "divider",
          borderRadius: 1,
          "&:focus-within": { borderColor: error ? "error.main" : "primary.main", boxShadow: (theme) => `0 0 0 1px ${theme.palette.primary.main}` },
        }}
      >
        <Stack
          direction="row"
          role="toolbar"
          aria-label={t("editor.toolbar")}
          sx={{ flexWrap: "wrap", alignItems: "center", gap: 0.25, px: 0.5, py: 0.25, borderBottom: 1, borderColor: "divider" }}
        >
          <Tool label={t("editor.bold")} active={state?.bold} onClick={() => chain()?.toggleBold().run()}>
            <FormatBold fontSize="small" />
          </Tool>
          <Tool label={t("editor.italic")} active={state?.italic} onClick={() => chain()?.toggleItalic().run()}>
            <FormatItalic fontSize="small" />
          </Tool>
          <Tool label={t("editor.underline")} active={state?.underline} onClick={() => chain()?.toggleUnderline().run()}>
            <FormatUnderlined fontSize="small" />
          </Tool>
          {inline ? null : (
            <>
              <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
              <Tool label={t("editor.heading2")} active={state?.heading2} onClick={() => chain()?.toggleHeading({ level: 2 }).run()}>
                <Typography component="span" sx={{ fontWeight: 700, fontSize: 14, width: 20 }}>
                  H2
                </Typography>
              </Tool>
              <Tool label={t("editor.heading3")} active={state?.heading3} onClick={() => chain()?.toggleHeading({ level: 3 }).run()}>
                <Typography component="span" sx={{ fontWeight: 700, fontSize: 13, width: 20 }}>
                  H3
                </Typography>
              </Tool>
              <Tool label={t("editor.bulletList")} active={state?.bulletList} onClick={() => chain()?.toggleBulletList().run()}>
                <FormatListBulleted fontSize="small" />
              </Tool>
              <Tool label={t("editor.orderedList")} active={state?.orderedList} onClick={() => chain()?.toggleOrderedList().run()}>
                <FormatListNumbered fontSize="small" />
              </Tool>
              <Tool label={t("editor.quote")} active={state?.blockquote} onClick={() => chain()?.toggleBlockquote().run()}>
                <FormatQuote fontSize="small" />
              </Tool>
            </>
          )}
          <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
          <Tool label={t("editor.link")} active={state?.link} onClick={() => setLinkOpen(true)}>
            <LinkIcon fontSize="small" />
          </Tool>
          {inline || !images ? null : (
            <Tool label={t("editor.image")} onClick={() => void pickImage()}>
              <ImageOutlined fontSize="small" />
            </Tool>
          )}
          <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
          <Tool label={t("editor.undo")} disabled={!state?.canUndo} onClick={() => chain()?.undo().run()}>
            <Undo fontSize="small" />
          </Tool>
          <Tool label={t("editor.redo")} disabled={!state?.canRedo} onClick={() => chain()?.redo().run()}>
            <Redo fontSize="small" />
          </Tool>
        </Stack>
        <Box
          sx={{
            ...richTextStyles,
            px: 1.5,
            "& .tiptap": { minHeight, outline: "none", py: 1 },
            "& .tiptap img.ProseMirror-selectednode": { outline: 2, outlineColor: "primary.main", outlineStyle: "solid" },
          }}
        >
          <EditorContent editor={editor} />
        </Box>
      </Box>
      <FormHelperText id={helperId} error={!!error}>
        {error ?? t("editor.counter", { count: length, max })}
      </FormHelperText>
      <LinkDialog
        open={linkOpen}
        initial={(editor?.getAttributes("link").href as string | undefined) ?? ""}
        onClose={() => setLinkOpen(false)}
        onSave={(href) => {
          setLinkOpen(false);
          if (href) chain()?.extendMarkRange("link").setLink({ href }).run();
          else chain()?.extendMarkRange("link").unsetLink().run();
        }}
      />
      <UploadPickerDialog
        open={pickerFallback}
        type="image"
        onClose={(picked) => {
          setPickerFallback(false);
          insertImage(picked);
        }}
      />
    </Box>
  );
}
