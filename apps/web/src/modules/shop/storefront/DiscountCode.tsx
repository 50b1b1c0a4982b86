import { SHOP_MESSAGES, type ShopCart } from "@clinic/shared";
import LocalOfferOutlined from "@mui/icons-material/LocalOfferOutlined";
import { Alert, Box, Button, Stack, TextField, Typography } from "@mui/material";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api.ts";
import { useNotices } from "../../../lib/notices.tsx";
import { useMoney } from "../orders/money.ts";
import { CART_KEY, setCartCode } from "./api.ts";
import { codeMessage, refusalText } from "./messages.ts";

const CODE_FORMAT = /^[A-Z0-9_-]{3,32}$/;

/**
 * The cart's discount code: typed and applied, or, once applied, shown with what it takes off
 * and a way to remove it. A saved code that stopped applying (the cart fell under its minimum,
 * it ended) says why, in the reader's language.
 */
export function DiscountCode({ cart }: { cart: ShopCart }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const notices = useNotices();
  const money = useMoney(cart.store.currency);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: (code: string | null) => setCartCode(cart.store.id, code),
    onSuccess: async (_, code) => {
      setText("");
      setError(undefined);
      await client.invalidateQueries({ queryKey: [CART_KEY, cart.store.id] });
      if (code) notices.success(t("shopStore.code.applied", { code }));
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.status === 400 && failure.fieldErrors.code) setError(codeMessage(t, failure.fieldErrors.code.join(" ")));
      else notices.error(failure);
    },
  });
  const apply = () => {
    const code = text.trim().toUpperCase();
    if (!CODE_FORMAT.test(code)) return setError(codeMessage(t, SHOP_MESSAGES.code));
    save.mutate(code);
  };

  if (cart.code) {
    const applied = cart.applied.find((discount) => discount.code === cart.code);
    const remove = (
      <Button
        color="inherit"
        size="small"
        onClick={() => save.mutate(null)}
        disabled={save.isPending}
        aria-label={t("shopStore.code.removeNamed", { code: cart.code })}
      >
        {t("shopStore.code.remove")}
      </Button>
    );
    if (cart.codeRefusal) {
      return (
        <Alert severity="warning" action={remove}>
          {t("shopStore.code.notApplying", { code: cart.code })} {refusalText(t, cart.codeRefusal)}
        </Alert>
      );
    }
    return (
      <Alert severity="success" icon={<LocalOfferOutlined />} action={remove}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {applied
            ? t("shopStore.code.appliedAmount", { code: cart.code, amount: money(applied.amountCents) })
            : t("shopStore.code.appliedNoAmount", { code: cart.code })}
        </Typography>
        {applied?.title ? <Typography variant="body2">{applied.title}</Typography> : null}
      </Alert>
    );
  }
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
        <TextField
          size="small"
          label={t("shopStore.code.label")}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setError(undefined);
          }}
          error={!!error}
          helperText={error}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 32, autoComplete: "off", autoCapitalize: "characters", spellCheck: false } }}
        />
        <Button type="submit" variant="outlined" disabled={save.isPending || text.trim() === ""} sx={{ flexShrink: 0, height: 40 }}>
          {t("shopStore.code.apply")}
        </Button>
      </Stack>
    </Box>
  );
}
