import { isRouteVisible, type ProductQuoteDetail, ROUTES_BY_ID } from "@clinic/shared";
import ContentCopy from "@mui/icons-material/ContentCopy";
import { Box, IconButton, InputAdornment, Link, Paper, Stack, TextField, Tooltip, Typography } from "@mui/material";
import { Fragment, type ReactNode, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { formatDate, formatDateTime } from "../../../lib/dates.ts";
import { useNotices } from "../../../lib/notices.tsx";
import { useSignedIn, visibilityOf } from "../../../lib/session.ts";
import { shopOrderPagePath, useQuoteAbilities } from "./api.ts";
import { QuoteActions } from "./QuoteActions.tsx";
import { QuoteStateChip } from "./StateChip.tsx";

/** The client's link on this site, in full. */
const linkUrl = (path: string) => (typeof window === "undefined" ? path : `${window.location.origin}${path}`);

/** The order a converted quote became: the shop's page of it when the reader may open that page, its number otherwise. */
function OrderLink({ converted }: { converted: NonNullable<ProductQuoteDetail["converted"]> }) {
  const { t } = useTranslation();
  const session = useSignedIn();
  const text = t(`productQuoter.page.order.${converted.kind}`, { id: converted.orderId });
  const shopPage = ROUTES_BY_ID.get("shopOrder");
  if (converted.kind === "shop" && shopPage && isRouteVisible(shopPage, visibilityOf(session)))
    return (
      <Link component={RouterLink} to={shopOrderPagePath(converted.orderId)}>
        {text}
      </Link>
    );
  return <>{text}</>;
}

/**
 * The quote's card at the top of its page: number and state, the client, the dates of its life
 * (created, valid until, sent, viewed, answered), the client's answer, the order it became, the
 * client's private link to copy or open once sent, and the actions its state allows.
 */
export function QuoteHeader({ quote }: { quote: ProductQuoteDetail }) {
  const { t } = useTranslation();
  const headingId = useId();
  const notices = useNotices();
  const abilities = useQuoteAbilities();
  const input = useRef<HTMLInputElement>(null);
  const url = quote.publicPath ? linkUrl(quote.publicPath) : null;
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      notices.info(t("productQuoter.page.linkCopied"));
    } catch {
      // No clipboard (an insecure origin, a refusal): the address is selected to copy by hand.
      input.current?.select();
    }
  };
  const when = (iso: string | null) => (iso ? formatDateTime(iso) : null);
  const facts: [string, ReactNode][] = [
    [t("productQuoter.fields.client"), `${quote.clientName} · ${t(`productQuoter.clientKinds.${quote.clientKind}`)}`],
    [t("productQuoter.fields.clientEmail"), quote.clientEmail || "—"],
    [t("productQuoter.fields.language"), t(`productQuoter.languages.${quote.language === "es" ? "es" : "en"}`)],
    ...(abilities.choosesClinic ? ([[t("productQuoter.fields.clinic"), quote.clinic.name]] as [string, ReactNode][]) : []),
    [t("productQuoter.fields.createdBy"), quote.createdBy?.name ?? "—"],
    [t("productQuoter.fields.createdAt"), formatDate(quote.createdAt)],
    [t("productQuoter.fields.validUntil"), quote.validUntil],
    [t("productQuoter.fields.sentAt"), when(quote.sentAt) ?? t("productQuoter.list.notSent")],
    ...(quote.viewedAt ? ([[t("productQuoter.fields.viewedAt"), when(quote.viewedAt)]] as [string, ReactNode][]) : []),
    ...(quote.decidedAt ? ([[t("productQuoter.fields.decidedAt"), when(quote.decidedAt)]] as [string, ReactNode][]) : []),
    ...(quote.acceptedName ? ([[t("productQuoter.fields.acceptedName"), quote.acceptedName]] as [string, ReactNode][]) : []),
    ...(quote.declineReason ? ([[t("productQuoter.fields.declineReason"), quote.declineReason]] as [string, ReactNode][]) : []),
    ...(quote.converted ? ([[t("productQuoter.fields.order"), <OrderLink key="order" converted={quote.converted} />]] as [string, ReactNode][]) : []),
  ];
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center" }}>
          <Typography id={headingId} component="h2" variant="h5" sx={{ overflowWrap: "anywhere" }}>
            {t("productQuoter.page.heading", { label: quote.label })}
          </Typography>
          <QuoteStateChip state={quote.state} />
        </Stack>
        <Box
          component="dl"
          sx={{ display: "grid", gridTemplateColumns: { xs: "minmax(0, 2fr) minmax(0, 3fr)", sm: "180px minmax(0, 1fr)" }, columnGap: 2, rowGap: 1, m: 0 }}
        >
          {facts.map(([label, value]) => (
            <Fragment key={label}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: "anywhere" }}>
                {value}
              </Typography>
            </Fragment>
          ))}
        </Box>
        {url ? (
          <TextField
            label={t("productQuoter.page.publicLink")}
            value={url}
            size="small"
            fullWidth
            inputRef={input}
            onFocus={(focus) => focus.target.select()}
            helperText={t("productQuoter.page.publicLinkHint")}
            slotProps={{
              htmlInput: { readOnly: true, spellCheck: false },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    {/* No "open" button: the link's first opening marks the quote viewed by its client. */}
                    <Tooltip title={t("productQuoter.page.copyLink")}>
                      <IconButton edge="end" aria-label={t("productQuoter.page.copyLink")} onClick={copy}>
                        <ContentCopy fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </InputAdornment>
                ),
              },
            }}
          />
        ) : null}
        <QuoteActions quote={quote} />
      </Stack>
    </Paper>
  );
}
