import { Alert, FormControl, FormControlLabel, FormLabel, MenuItem, Radio, RadioGroup, TextField } from "@mui/material";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { DateTimeField } from "../../../lib/components/DateTimeField.tsx";
import { FormDialog } from "../../../lib/components/FormDialog.tsx";
import { fromLocalInput } from "../../../lib/dates.ts";
import { useNotices } from "../../../lib/notices.tsx";
import { useAction } from "../../../lib/resource.ts";
import { createCampaign, EVERY_EMAIL_LIST, useFormatChoices, useListChoices } from "./api.ts";
import { emailText } from "./email-text.ts";

type Errors = Partial<Record<"formatId" | "listId" | "sendAt", string>>;

/** A new mass email: a format to one of the clinic's lists, now or at a date and time. */
export function CampaignDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const notices = useNotices();
  const formats = useFormatChoices();
  const lists = useListChoices();
  const [formatId, setFormatId] = useState("");
  const [listId, setListId] = useState("");
  const [when, setWhen] = useState<"now" | "later">("now");
  const [sendAt, setSendAt] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const whenId = useId();
  const told = useRef(false);
  useEffect(() => {
    if (open) {
      setFormatId("");
      setListId("");
      setWhen("now");
      setSendAt("");
      setErrors({});
      setProblem(null);
      told.current = false;
    }
  }, [open]);
  // Spec §8: a chooser that could not load says so, once per opening.
  useEffect(() => {
    if (open && formats.network.error && !told.current) {
      told.current = true;
      notices.failure(t("crmEmail.notices.formatsFetchError"));
    }
  }, [open, formats.network.error, notices, t]);
  const save = useAction(createCampaign, {
    invalidate: EVERY_EMAIL_LIST,
    success: () => t("crmEmail.notices.scheduled"),
    onFieldErrors: (fields) => {
      const placed: Errors = {};
      const rest: string[] = [];
      for (const [field, messages] of Object.entries(fields)) {
        const text = messages.map((message) => emailText(t, message)).join(" ");
        if (field === "formatId" || field === "listId" || field === "sendAt") placed[field] = text;
        else rest.push(text);
      }
      setErrors(placed);
      setProblem(rest.length > 0 ? rest.join(" ") : null);
    },
    onSuccess: () => onClose(),
  });
  const submit = () => {
    const found: Errors = {};
    if (!formatId) found.formatId = t("crmEmail.campaigns.chooseFormat");
    if (!listId) found.listId = t("crmEmail.campaigns.chooseList");
    const at = when === "later" ? fromLocalInput(sendAt) : "";
    if (when === "later" && !at) found.sendAt = t("crmEmail.campaigns.chooseTime");
    else if (when === "later" && Date.parse(at) <= Date.now()) found.sendAt = t("crmEmail.messages.pastSendAt");
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length > 0) return;
    save.mutate({ formatId: Number(formatId), listId: Number(listId), ...(when === "later" ? { sendAt: at } : {}) });
  };
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t("crmEmail.campaigns.add")}
      text={t("crmEmail.campaigns.addText")}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      pending={save.isPending}
      problem={problem}
      submitLabel={when === "now" ? t("crmEmail.campaigns.sendNow") : t("crmEmail.campaigns.schedule")}
      phoneFullScreen
    >
      {formats.network.error ? <Alert severity="error">{t("crmEmail.notices.formatsFetchError")}</Alert> : null}
      <TextField
        select
        required
        label={t("crmEmail.campaigns.format")}
        value={formatId}
        onChange={(event) => setFormatId(event.target.value)}
        error={!!errors.formatId}
        helperText={errors.formatId ?? (formats.data?.data.length === 0 ? t("crmEmail.campaigns.noFormats") : undefined)}
      >
        {(formats.data?.data ?? []).map((format) => (
          <MenuItem key={format.id} value={String(format.id)}>
            {format.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        required
        label={t("crmEmail.campaigns.list")}
        value={listId}
        onChange={(event) => setListId(event.target.value)}
        error={!!errors.listId}
        helperText={errors.listId ?? (lists.data?.data.length === 0 ? t("crmEmail.campaigns.noLists") : undefined)}
      >
        {(lists.data?.data ?? []).map((list) => (
          <MenuItem key={list.id} value={String(list.id)}>
            {t("crmEmail.campaigns.listOption", { title: list.title, count: list.clientCount })}
          </MenuItem>
        ))}
      </TextField>
      <FormControl>
        <FormLabel id={whenId}>{t("crmEmail.campaigns.when")}</FormLabel>
        <RadioGroup row aria-labelledby={whenId} value={when} onChange={(event) => setWhen(event.target.value as "now" | "later")}>
          <FormControlLabel value="now" control={<Radio />} label={t("crmEmail.campaigns.now")} />
          <FormControlLabel value="later" control={<Radio />} label={t("crmEmail.campaigns.later")} />
        </RadioGroup>
      </FormControl>
      {when === "later" ? (
        <DateTimeField label={t("crmEmail.campaigns.sendAt")} value={sendAt} onChange={setSendAt} required error={!!errors.sendAt} helperText={errors.sendAt} />
      ) : null}
    </FormDialog>
  );
}
