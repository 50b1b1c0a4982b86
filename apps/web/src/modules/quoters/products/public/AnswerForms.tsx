import { PRODUCT_QUOTE_LIMITS, type PublicProductQuote } from "@clinic/shared";
import CheckCircleOutline from "@mui/icons-material/CheckCircleOutlineOutlined";
import { Box, Button, Checkbox, FormControl, FormControlLabel, FormHelperText, Stack, TextField } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../../lib/api.ts";
import { PageSection } from "../../../../lib/components/PublicPageParts.tsx";
import { useAction } from "../../../../lib/resource.ts";
import { fieldMessage } from "../format.ts";
import { acceptQuote, declineQuote, PUBLIC_QUOTE_KEY } from "./api.ts";

/** The answer the link gave, put in place of the page's quote; a refusal (decided meanwhile, expired) fetches it anew. */
function useAnswer<T>(token: string, run: (body: T) => Promise<PublicProductQuote>, success: string, onFields: (fields: Record<string, string[]>) => void) {
  const client = useQueryClient();
  return useAction(run, {
    success: () => success,
    onSuccess: (quote) => void client.setQueryData([PUBLIC_QUOTE_KEY, token], quote),
    onFieldErrors: onFields,
    onFailure: (failure) => {
      if (failure instanceof ApiError && failure.status === 409) void client.invalidateQueries({ queryKey: [PUBLIC_QUOTE_KEY, token] });
    },
  });
}

/** Accept: the client's name typed by them (a signature, so never filled in for them) and the box "I accept this quote" ticked. */
export function AcceptForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const [name, setName] = useState("");
  const [agree, setAgree] = useState(false);
  const [errors, setErrors] = useState<{ name?: string; agree?: string }>({});
  const accept = useAnswer(
    token,
    (body: { name: string; agree: true }) => acceptQuote(token, body),
    t("productQuotePublic.accept.done"),
    (fields) => setErrors({ name: fieldMessage(t, fields.name?.join(" ")), agree: fieldMessage(t, fields.agree?.join(" ")) }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      name: name.trim() ? undefined : t("productQuotePublic.accept.nameNeeded"),
      agree: agree ? undefined : t("productQuotePublic.accept.agreeNeeded"),
    };
    setErrors(next);
    if (!next.name && !next.agree) accept.mutate({ name: name.trim(), agree: true });
  };
  return (
    <PageSection title={t("productQuotePublic.accept.title")}>
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2}>
          <TextField
            label={t("productQuotePublic.accept.name")}
            required
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={!!errors.name}
            helperText={errors.name ?? t("productQuotePublic.accept.nameHint")}
            slotProps={{ htmlInput: { maxLength: PRODUCT_QUOTE_LIMITS.name, autoComplete: "name" } }}
          />
          <FormControl error={!!errors.agree} required>
            <FormControlLabel
              control={<Checkbox checked={agree} onChange={(event) => setAgree(event.target.checked)} />}
              label={t("productQuotePublic.accept.agree")}
            />
            {errors.agree ? <FormHelperText>{errors.agree}</FormHelperText> : null}
          </FormControl>
          <div>
            <Button type="submit" variant="contained" size="large" startIcon={<CheckCircleOutline />} disabled={accept.isPending}>
              {t("productQuotePublic.accept.submit")}
            </Button>
          </div>
        </Stack>
      </Box>
    </PageSection>
  );
}

/** Decline, with a reason if the client cares to give one; asked once more before it is sent. */
export function DeclineForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const decline = useAnswer(
    token,
    (body: { reason: string }) => declineQuote(token, body),
    t("productQuotePublic.decline.done"),
    (fields) => setError(fieldMessage(t, fields.reason?.join(" "))),
  );
  return (
    <PageSection title={t("productQuotePublic.decline.title")}>
      {open ? (
        <Box
          component="form"
          noValidate
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            decline.mutate({ reason: reason.trim() });
          }}
        >
          <Stack spacing={2}>
            <TextField
              label={t("productQuotePublic.decline.reason")}
              multiline
              minRows={3}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              error={!!error}
              helperText={error ?? t("productQuotePublic.decline.reasonHint")}
              slotProps={{ htmlInput: { maxLength: PRODUCT_QUOTE_LIMITS.reason } }}
            />
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
              <Button type="submit" variant="outlined" color="error" disabled={decline.isPending}>
                {t("productQuotePublic.decline.submit")}
              </Button>
              <Button onClick={() => setOpen(false)}>{t("productQuotePublic.decline.keep")}</Button>
            </Stack>
          </Stack>
        </Box>
      ) : (
        <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
          {t("productQuotePublic.decline.open")}
        </Button>
      )}
    </PageSection>
  );
}
