import { INSURANCE_LIMITS, inLanguage, type PolicyDetail, QUOTER_API, type QuoteDetail } from "@clinic/shared";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import EditOutlined from "@mui/icons-material/EditOutlined";
import PictureAsPdfOutlined from "@mui/icons-material/PictureAsPdfOutlined";
import SendOutlined from "@mui/icons-material/SendOutlined";
import { Button, FormControlLabel, Radio, RadioGroup, Stack, TextField } from "@mui/material";
import type { TFunction } from "i18next";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ConfirmDialog } from "../../../lib/components/ConfirmDialog.tsx";
import { DateField } from "../../../lib/components/DateField.tsx";
import { FormDialog } from "../../../lib/components/FormDialog.tsx";
import { formatMoney } from "../../../lib/money.ts";
import { refusalText } from "../../../lib/refusals.ts";
import { useAction } from "../../../lib/resource.ts";
import { ApiError } from "../../../lib/api.ts";
import { bindQuote, deleteQuote, EVERY_QUOTE_LIST, QUOTES_PAGE, recordAcceptance, recordDecline, sendQuote } from "./api.ts";
import { todayUtc } from "./format.ts";

type Asking = "send" | "accept" | "decline" | "bind" | "delete" | null;

/** What the quote's state allows (the server has the last word). */
export function quoteActions(quote: Pick<QuoteDetail, "state">) {
  return {
    edit: quote.state === "draft",
    send: quote.state === "draft" || quote.state === "sent",
    decide: quote.state === "sent",
    bind: quote.state === "accepted",
    delete: quote.state === "draft",
  };
}

/** A failure's words for the dialog that caused it: a refusal by key, a field's messages joined. */
function problemOf(failure: unknown, t: TFunction): string {
  if (!(failure instanceof ApiError)) return t("notices.fallback");
  const fields = Object.values(failure.fieldErrors).flat();
  return (fields.length > 0 ? fields : [failure.message]).map((message) => refusalText(t, message)).join(" ");
}

/**
 * A quote's actions by state: edit (a draft), send or send again with the chosen option (emails
 * the PDF and the private link), download the PDF, record the applicant's acceptance or decline
 * (given by phone), bind an accepted quote into a policy from a start day, delete a draft.
 */
export function QuoteActions({ quote, onEdit, onBound }: { quote: QuoteDetail; onEdit: () => void; onBound: (policy: PolicyDetail) => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [asking, setAsking] = useState<Asking>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [option, setOption] = useState(String(quote.chosenOption ?? 1));
  const [name, setName] = useState(quote.applicantName);
  const [reason, setReason] = useState("");
  const [startsOn, setStartsOn] = useState(todayUtc());
  const can = quoteActions(quote);
  const ask = (what: Asking) => {
    setProblem(null);
    setAsking(what);
  };
  const common = { invalidate: EVERY_QUOTE_LIST, onFailure: (failure: unknown) => setProblem(problemOf(failure, t)) };
  const send = useAction(() => sendQuote(quote.id, Number(option)), {
    ...common,
    success: t("quoter.notices.sent", { email: quote.applicantEmail }),
    onSuccess: () => setAsking(null),
  });
  const accept = useAction(() => recordAcceptance(quote.id, name), { ...common, success: t("quoter.notices.accepted"), onSuccess: () => setAsking(null) });
  const decline = useAction(() => recordDecline(quote.id, reason), { ...common, success: t("quoter.notices.declined"), onSuccess: () => setAsking(null) });
  const bind = useAction(() => bindQuote(quote.id, startsOn), {
    ...common,
    success: (policy) => t("quoter.notices.bound", { number: policy.number }),
    onSuccess: (policy) => {
      setAsking(null);
      onBound(policy);
    },
  });
  const remove = useAction(() => deleteQuote(quote.id), {
    ...common,
    success: t("quoter.notices.deleted", { number: quote.number }),
    onSuccess: () => navigate(QUOTES_PAGE),
  });
  const dialog = (what: Exclude<Asking, null | "delete">, run: () => void, pending: boolean, children: ReactNode, submitLabel: string) => (
    <FormDialog
      open={asking === what}
      onClose={() => setAsking(null)}
      title={t(`quoter.actions.${what}Title`, { number: quote.number })}
      text={t(`quoter.actions.${what}Text`, { email: quote.applicantEmail })}
      onSubmit={(event) => {
        event.preventDefault();
        setProblem(null);
        run();
      }}
      pending={pending}
      problem={problem}
      submitLabel={submitLabel}
    >
      {children}
    </FormDialog>
  );
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }} role="group" aria-label={t("quoter.actions.label")}>
        {can.edit ? (
          <Button variant="outlined" startIcon={<EditOutlined />} onClick={onEdit}>
            {t("quoter.actions.edit")}
          </Button>
        ) : null}
        {can.send ? (
          <Button variant="contained" startIcon={<SendOutlined />} onClick={() => ask("send")}>
            {t(quote.state === "sent" ? "quoter.actions.sendAgain" : "quoter.actions.send")}
          </Button>
        ) : null}
        <Button variant="outlined" component="a" href={QUOTER_API.quotePdf(quote.id)} download startIcon={<PictureAsPdfOutlined />}>
          {t("quoter.actions.pdf")}
        </Button>
        {can.decide ? (
          <>
            <Button variant="outlined" color="success" onClick={() => ask("accept")}>
              {t("quoter.actions.accept")}
            </Button>
            <Button variant="outlined" color="error" onClick={() => ask("decline")}>
              {t("quoter.actions.decline")}
            </Button>
          </>
        ) : null}
        {can.bind ? (
          <Button variant="contained" onClick={() => ask("bind")}>
            {t("quoter.actions.bind")}
          </Button>
        ) : null}
        {can.delete ? (
          <Button color="error" startIcon={<DeleteOutline />} onClick={() => ask("delete")}>
            {t("quoter.actions.delete")}
          </Button>
        ) : null}
      </Stack>
      {dialog(
        "send",
        () => send.mutate(undefined),
        send.isPending,
        <RadioGroup aria-label={t("quoter.actions.chooseOption")} value={option} onChange={(event) => setOption(event.target.value)}>
          {[...quote.options]
            .sort((a, b) => a.position - b.position)
            .map((one) => (
              <FormControlLabel
                key={one.position}
                value={String(one.position)}
                control={<Radio />}
                label={t("quoter.actions.optionLine", {
                  position: one.position,
                  product: `${one.product.code} · ${inLanguage(one.product.name, i18n.language)}`,
                  level: inLanguage(one.levelName, i18n.language),
                  premium: formatMoney(one.premiumCents, one.product.currency, i18n.language),
                })}
              />
            ))}
        </RadioGroup>,
        t("quoter.actions.send"),
      )}
      {dialog(
        "accept",
        () => accept.mutate(undefined),
        accept.isPending,
        <TextField
          label={t("quoter.actions.acceptedName")}
          required
          value={name}
          onChange={(event) => setName(event.target.value)}
          slotProps={{ htmlInput: { maxLength: INSURANCE_LIMITS.applicantName } }}
        />,
        t("quoter.actions.accept"),
      )}
      {dialog(
        "decline",
        () => decline.mutate(undefined),
        decline.isPending,
        <TextField
          label={t("quoter.actions.reason")}
          multiline
          minRows={2}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          slotProps={{ htmlInput: { maxLength: INSURANCE_LIMITS.reason } }}
        />,
        t("quoter.actions.decline"),
      )}
      {dialog(
        "bind",
        () => bind.mutate(undefined),
        bind.isPending,
        <DateField label={t("quoter.actions.startsOn")} required value={startsOn} onChange={setStartsOn} helperText={t("quoter.actions.startsOnHint")} />,
        t("quoter.actions.bind"),
      )}
      <ConfirmDialog
        open={asking === "delete"}
        title={t("quoter.actions.deleteTitle", { number: quote.number })}
        text={problem ?? t("quoter.actions.deleteText")}
        confirmLabel={t("quoter.actions.delete")}
        destructive
        busy={remove.isPending}
        onConfirm={() => remove.mutate(undefined)}
        onCancel={() => setAsking(null)}
      />
    </>
  );
}
