import { type ChatTemplate, fillTemplate, templateVariableCount } from "@clinic/shared";
import { Alert, MenuItem, Paper, TextField, Typography } from "@mui/material";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../lib/components/FormDialog.tsx";
import { useAction } from "../../../lib/resource.ts";
import { sendTemplate, useTemplates } from "../api.ts";
import { CHAT_KEY } from "../keys.ts";

/** How many values a template asks for: what the server counted, or its body's {{n}}. */
export const variablesOf = (template: ChatTemplate): number => Math.max(template.variables, templateVariableCount(template.body));

/**
 * Outside WhatsApp's 24-hour window only an approved template may go: pick one of the clinic's,
 * fill its {{n}} values, read what the contact will receive, send.
 */
export function TemplateDialog({ open, onClose, conversationId, clinicId }: { open: boolean; onClose: () => void; conversationId: number; clinicId: string }) {
  const { t } = useTranslation();
  const templates = useTemplates(clinicId, open);
  const [templateId, setTemplateId] = useState<number | "">("");
  const [values, setValues] = useState<string[]>([]);
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (!open) return;
    setTemplateId("");
    setValues([]);
    setTried(false);
  }, [open]);
  const template = templates.data?.find((one) => one.id === templateId) ?? null;
  const count = template ? variablesOf(template) : 0;
  const filled = Array.from({ length: count }, (_, index) => values[index] ?? "");
  const send = useAction((input: { id: number; variables: string[] }) => sendTemplate(conversationId, input.id, input.variables), {
    invalidate: [[CHAT_KEY]],
    success: t("chat.template.sent"),
    onSuccess: onClose,
  });
  const missing = template === null || filled.some((value) => value.trim() === "");
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t("chat.template.title")}
      text={t("chat.template.intro")}
      submitLabel={t("chat.template.send")}
      pending={send.isPending}
      phoneFullScreen
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (!missing && template) send.mutate({ id: template.id, variables: filled.map((value) => value.trim()) });
      }}
    >
      {templates.data && templates.data.length === 0 ? <Alert severity="info">{t("chat.template.none")}</Alert> : null}
      <TextField
        select
        label={t("chat.template.choose")}
        required
        value={templateId}
        onChange={(event) => setTemplateId(Number(event.target.value))}
        error={tried && template === null}
        helperText={tried && template === null ? t("chat.template.chooseNeeded") : undefined}
      >
        {(templates.data ?? []).map((one) => (
          <MenuItem key={one.id} value={one.id}>
            {`${one.name} (${one.language})`}
          </MenuItem>
        ))}
      </TextField>
      {filled.map((value, index) => (
        <TextField
          // biome-ignore lint/suspicious/noArrayIndexKey: the variables are numbered {{1}}, {{2}}…: their place is their identity.
          key={index}
          label={t("chat.template.variable", { n: index + 1 })}
          required
          value={value}
          onChange={(event) => setValues((current) => Object.assign([...current], { [index]: event.target.value }))}
          error={tried && value.trim() === ""}
          helperText={tried && value.trim() === "" ? t("chat.template.valueNeeded") : undefined}
          slotProps={{ htmlInput: { maxLength: 1024 } }}
        />
      ))}
      {template ? (
        <Paper variant="outlined" sx={{ p: 1.5 }} aria-label={t("chat.template.preview")} role="group">
          <Typography variant="caption" component="p" color="text.secondary">
            {t("chat.template.preview")}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: "pre-wrap" }}>
            {/* A value not filled in yet keeps its {{n}}, so the reader sees what is still missing. */}
            {fillTemplate(template.body, filled.map((value) => value.trim() || undefined) as string[])}
          </Typography>
        </Paper>
      ) : null}
    </FormDialog>
  );
}
