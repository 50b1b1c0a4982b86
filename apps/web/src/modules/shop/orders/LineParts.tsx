import type { ShopOrder } from "@clinic/shared";
import Inventory2Outlined from "@mui/icons-material/Inventory2Outlined";
import { Box, Chip, Stack, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { VISUALLY_HIDDEN } from "../../../lib/visually-hidden.ts";
import { useMoney } from "./money.ts";

export type PricedLine = ShopOrder["lines"][number];

/** A line's picture, or a parcel icon when it has none; decorative (its name follows it). */
export function LineThumb({ url, size = 56 }: { url: string | null; size?: number }) {
  return (
    <Box
      sx={{
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: 1,
        overflow: "hidden",
        bgcolor: "action.hover",
        display: "grid",
        placeItems: "center",
        color: "text.secondary",
      }}
    >
      {url ? (
        <img src={url} alt="" width={size} height={size} style={{ objectFit: "cover", width: "100%", height: "100%" }} />
      ) : (
        <Inventory2Outlined aria-hidden />
      )}
    </Box>
  );
}

/** What a line costs as the server priced it: its amount, the discount on it, and what is paid. */
export function LineAmounts({ line, currency }: { line: PricedLine; currency: string }) {
  const { t } = useTranslation();
  const money = useMoney(currency);
  return (
    <Box sx={{ textAlign: "right", whiteSpace: "nowrap" }}>
      {line.discountCents > 0 ? (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ textDecoration: "line-through" }}>
            <Box component="span" sx={VISUALLY_HIDDEN}>
              {t("shopOrders.lines.before")}{" "}
            </Box>
            {money(line.amountCents)}
          </Typography>
          <Typography variant="body2" sx={{ color: "success.main" }}>
            {t("shopOrders.lines.discount", { amount: money(line.discountCents) })}
          </Typography>
        </>
      ) : null}
      <Typography sx={{ fontWeight: 600 }}>{money(line.netCents)}</Typography>
    </Box>
  );
}

/** A line's name, with a chip when it is a bundle, and its SKU. */
export function LineName({ line, children }: { line: PricedLine; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ minWidth: 0 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap" }}>
        <Typography sx={{ fontWeight: 500, overflowWrap: "anywhere" }}>{line.name}</Typography>
        {line.bundleId !== null ? <Chip size="small" label={t("shopOrders.lines.bundle")} /> : null}
      </Stack>
      {line.sku ? (
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
          {t("shopOrders.lines.sku", { sku: line.sku })}
        </Typography>
      ) : null}
      {children}
    </Box>
  );
}

/** The lines of an order, read only: picture, name, quantity × unit price, and its amounts. */
export function OrderLines({ lines, currency, label }: { lines: PricedLine[]; currency: string; label: string }) {
  const { t } = useTranslation();
  const money = useMoney(currency);
  return (
    <Stack component="ul" aria-label={label} spacing={1.5} sx={{ listStyle: "none", p: 0, m: 0 }}>
      {lines.map((line) => (
        <Box component="li" key={line.id} sx={{ display: "flex", gap: 1.5, alignItems: "flex-start" }}>
          <LineThumb url={line.imageUrl} />
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <LineName line={line}>
              <Typography variant="body2" color="text.secondary">
                {t("shopOrders.lines.quantityTimes", { quantity: line.quantity, unit: money(line.unitCents) })}
              </Typography>
            </LineName>
          </Box>
          <LineAmounts line={line} currency={currency} />
        </Box>
      ))}
    </Stack>
  );
}
