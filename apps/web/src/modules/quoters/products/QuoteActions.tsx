import { PRODUCT_QUOTE_REVISABLE_STATES, type ProductQuoteDetail } from "@clinic/shared";
import ContentCopy from "@mui/icons-material/ContentCopy";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import EditOutlined from "@mui/icons-material/EditOutlined";
import HistoryEdu from "@mui/icons-material/HistoryEduOutlined";
import PictureAsPdf from "@mui/icons-material/PictureAsPdf";
import SendOutlined from "@mui/icons-material/SendOutlined";
import ShoppingCartCheckoutOutlined from "@mui/icons-material/ShoppingCartCheckoutOutlined";
import { Button, Stack } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ConfirmDialog } from "../../../lib/components/ConfirmDialog.tsx";
import { useDeleteConfirm } from "../../../lib/components/ManageList.tsx";
import { useAction } from "../../../lib/resource.ts";
import { deleteQuote, duplicateQuote, EVERY_QUOTE_LIST, QUOTES_HOME, QUOTES_KEY, quotePagePath, quotePdfPath, reviseQuote, sendQuote } from "./api.ts";
import { ConvertDialog } from "./ConvertDialog.tsx";
import { QuoteDialog } from "./QuoteDialog.tsx";

type Question = "send" | "revise" | null;

/**
 * What may be done with a quote in its state (the server has the last word on each): a draft is
 * edited, sent or deleted; a sent or viewed one sent again; a sent, viewed, declined or expired
 * one revised (a new draft of the same number); an accepted one converted into an order. Any
 * quote can be downloaded as its PDF or duplicated into a new draft.
 */
export function QuoteActions({ quote }: { quote: ProductQuoteDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [converting, setConverting] = useState(false);
  const [question, setQuestion] = useState<Question>(null);
  const draft = quote.state === "draft";
  const resendable = quote.state === "sent" || quote.state === "viewed";
  const revisable = (PRODUCT_QUOTE_REVISABLE_STATES as readonly string[]).includes(quote.state);
  const send = useAction(() => sendQuote(quote.id), {
    invalidate: EVERY_QUOTE_LIST,
    success: () => t("productQuoter.notices.sent", { email: quote.clientEmail }),
    onSuccess: () => setQuestion(null),
    onFailure: () => setQuestion(null),
  });
  // A new draft (a copy or a revision) opens on its own page.
  const goTo = (made: ProductQuoteDetail) => navigate(quotePagePath(made.id));
  const duplicate = useAction(() => duplicateQuote(quote.id), {
    invalidate: EVERY_QUOTE_LIST,
    success: (made) => t("productQuoter.notices.duplicated", { label: made.label }),
    onSuccess: goTo,
  });
  const revise = useAction(() => reviseQuote(quote.id), {
    invalidate: EVERY_QUOTE_LIST,
    success: (made) => t("productQuoter.notices.revised", { label: made.label }),
    onSuccess: (made) => {
      setQuestion(null);
      goTo(made);
    },
    onFailure: () => setQuestion(null),
  });
  const deletion = useDeleteConfirm<ProductQuoteDetail>({
    title: t("productQuoter.page.deleteTitle"),
    text: (row) => t("productQuoter.page.deleteText", { label: row.label }),
    run: (row) => deleteQuote(row.id),
    invalidate: EVERY_QUOTE_LIST.filter((key) => key[0] !== QUOTES_KEY),
    deleted: () => t("productQuoter.notices.deleted"),
    onDeleted: () => navigate(QUOTES_HOME),
  });
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
        {draft ? (
          <Button variant="outlined" startIcon={<EditOutlined />} onClick={() => setEditing(true)}>
            {t("productQuoter.page.edit")}
          </Button>
        ) : null}
        {draft || resendable ? (
          <Button variant={draft ? "contained" : "outlined"} startIcon={<SendOutlined />} onClick={() => setQuestion("send")}>
            {draft ? t("productQuoter.page.send") : t("productQuoter.page.sendAgain")}
          </Button>
        ) : null}
        {quote.state === "accepted" ? (
          <Button variant="contained" startIcon={<ShoppingCartCheckoutOutlined />} onClick={() => setConverting(true)}>
            {t("productQuoter.page.convert")}
          </Button>
        ) : null}
        {revisable ? (
          <Button variant="outlined" startIcon={<HistoryEdu />} onClick={() => setQuestion("revise")}>
            {t("productQuoter.page.revise")}
          </Button>
        ) : null}
        <Button
          variant="outlined"
          component="a"
          href={quotePdfPath(quote.id)}
          download={`${quote.label}.pdf`}
          startIcon={<PictureAsPdf />}
          aria-label={t("productQuoter.page.pdfLabel", { label: quote.label })}
        >
          {t("productQuoter.page.pdf")}
        </Button>
        <Button variant="outlined" startIcon={<ContentCopy />} disabled={duplicate.isPending} onClick={() => duplicate.mutate(undefined)}>
          {t("productQuoter.page.duplicate")}
        </Button>
        {draft ? (
          <Button variant="outlined" color="error" startIcon={<DeleteOutline />} onClick={() => deletion.ask(quote)}>
            {t("productQuoter.page.delete")}
          </Button>
        ) : null}
      </Stack>
      <ConfirmDialog
        open={question === "send"}
        title={draft ? t("productQuoter.page.sendTitle") : t("productQuoter.page.sendAgainTitle")}
        text={t("productQuoter.page.sendText", { email: quote.clientEmail || t("productQuoter.page.noEmail"), label: quote.label })}
        confirmLabel={draft ? t("productQuoter.page.send") : t("productQuoter.page.sendAgain")}
        busy={send.isPending}
        onConfirm={() => send.mutate(undefined)}
        onCancel={() => setQuestion(null)}
      />
      <ConfirmDialog
        open={question === "revise"}
        title={t("productQuoter.page.reviseTitle")}
        text={t("productQuoter.page.reviseText", { label: quote.label })}
        confirmLabel={t("productQuoter.page.revise")}
        busy={revise.isPending}
        onConfirm={() => revise.mutate(undefined)}
        onCancel={() => setQuestion(null)}
      />
      {draft ? <QuoteDialog open={editing} quote={quote} onClose={() => setEditing(false)} /> : null}
      <ConvertDialog open={converting} quote={quote} onClose={() => setConverting(false)} />
      {deletion.dialog}
    </>
  );
}
