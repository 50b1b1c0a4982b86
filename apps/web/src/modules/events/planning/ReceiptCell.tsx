import type { EventCostView } from "@clinic/shared";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import UploadFile from "@mui/icons-material/UploadFileOutlined";
import { Button, LinearProgress, Link, Stack, Typography } from "@mui/material";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useDeleteQuestion } from "../../../lib/components/DeleteQuestion.tsx";
import { RowButton } from "../../../lib/components/RowButtons.tsx";
import { useAction } from "../../../lib/resource.ts";
import { costLists, deleteReceipt, uploadReceipt } from "./api.ts";

/** What a receipt may be (the server checks the bytes themselves). */
const ACCEPT = "application/pdf,image/png,image/jpeg,image/gif,image/webp";

/**
 * A budget line's receipt: its download (through the line's own checked route), an upload that
 * replaces it, and its removal after asking. `name` names the line for screen readers.
 */
export function ReceiptCell({ eventId, cost, name }: { eventId: number; cost: EventCostView; name: string }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const send = useAction((file: File) => uploadReceipt(cost.id, file, setProgress), {
    invalidate: costLists(eventId),
    success: () => t("eventPlanning.notices.receiptSaved"),
  });
  const remove = useAction(() => deleteReceipt(cost.id), {
    invalidate: costLists(eventId),
    success: () => t("eventPlanning.notices.receiptRemoved"),
  });
  const question = useDeleteQuestion(remove, {
    title: t("eventPlanning.costs.removeTitle"),
    text: () => t("eventPlanning.costs.removeText", { name }),
    confirmLabel: t("eventPlanning.costs.removeConfirm"),
  });
  const receipt = cost.receipt;
  return (
    <Stack spacing={0.5} sx={{ minWidth: 0 }}>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: "center", flexWrap: "wrap" }}>
        {receipt ? (
          <Link href={receipt.url} download aria-label={t("eventPlanning.costs.download", { name: receipt.name })} sx={{ overflowWrap: "anywhere" }}>
            {receipt.name}
          </Link>
        ) : null}
        <Button
          component="label"
          htmlFor={inputId}
          size="small"
          variant={receipt ? "text" : "outlined"}
          startIcon={<UploadFile />}
          disabled={send.isPending}
          aria-label={t(receipt ? "eventPlanning.costs.replaceFor" : "eventPlanning.costs.uploadFor", { name })}
        >
          {receipt ? t("eventPlanning.costs.replace") : t("eventPlanning.costs.upload")}
        </Button>
        <input
          id={inputId}
          type="file"
          accept={ACCEPT}
          hidden
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) send.mutate(file, { onSettled: () => setProgress(null) });
          }}
        />
        {receipt ? (
          <RowButton label={t("eventPlanning.costs.removeFor", { name })} onClick={() => question.ask(cost)} color="error">
            <DeleteOutline fontSize="small" />
          </RowButton>
        ) : null}
      </Stack>
      {progress !== null ? <LinearProgress variant="determinate" value={progress * 100} aria-label={t("eventPlanning.costs.uploading")} /> : null}
      {!receipt ? (
        <Typography variant="caption" color="text.secondary">
          {t("eventPlanning.costs.receiptHint")}
        </Typography>
      ) : null}
      {question.dialog}
    </Stack>
  );
}
