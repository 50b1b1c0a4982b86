import type { ProductQuoteConvertKind, ProductQuoteDetail } from "@clinic/shared";
import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup } from "@mui/material";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api.ts";
import { FormDialog } from "../../../lib/components/FormDialog.tsx";
import { useAction } from "../../../lib/resource.ts";
import { convertQuote, EVERY_QUOTE_LIST } from "./api.ts";
import { quoteMessage } from "./format.ts";

/** What the quote's lines suggest: a single plan line is a membership, anything else a shop order. */
export const suggestedKind = (quote: Pick<ProductQuoteDetail, "lines">): ProductQuoteConvertKind =>
  quote.lines.length === 1 && quote.lines[0]?.kind === "plan" ? "membership" : "shop";

/**
 * Turns an accepted quote into an order: a shop order (product and bundle lines, in the
 * patient's name, paid by transfer) or a membership order (one plan line). When the lines do not
 * fit, the server's reason stays in the dialog, in the interface language, above the choice.
 */
export function ConvertDialog({ open, quote, onClose }: { open: boolean; quote: ProductQuoteDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const labelId = useId();
  const [kind, setKind] = useState<ProductQuoteConvertKind>(suggestedKind(quote));
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setKind(suggestedKind(quote));
    setProblem(null);
  }, [open, quote]);
  const convert = useAction((chosen: ProductQuoteConvertKind) => convertQuote(quote.id, chosen), {
    invalidate: EVERY_QUOTE_LIST,
    success: (_, chosen) => t(`productQuoter.notices.converted.${chosen}`),
    onSuccess: onClose,
    onFailure: (failure) => {
      if (failure instanceof ApiError && (failure.status === 409 || failure.status === 400)) setProblem(quoteMessage(t, failure.message));
    },
  });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t("productQuoter.convert.title", { label: quote.label })}
      text={t("productQuoter.convert.text")}
      onSubmit={(event) => {
        event.preventDefault();
        setProblem(null);
        convert.mutate(kind);
      }}
      pending={convert.isPending}
      problem={problem}
      submitLabel={t("productQuoter.convert.submit")}
    >
      <FormControl>
        <FormLabel id={labelId}>{t("productQuoter.convert.kind")}</FormLabel>
        <RadioGroup aria-labelledby={labelId} value={kind} onChange={(event) => setKind(event.target.value as ProductQuoteConvertKind)}>
          <FormControlLabel value="shop" control={<Radio />} label={t("productQuoter.convert.shop")} />
          <FormControlLabel value="membership" control={<Radio />} label={t("productQuoter.convert.membership")} />
        </RadioGroup>
      </FormControl>
    </FormDialog>
  );
}
