import { type CheckoutInput, checkoutInputSchema, type Fulfilment, type PaymentProviderName, type ShopCart } from "@clinic/shared";
import { Alert, Box, Button, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Stack, TextField, Typography } from "@mui/material";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ApiError } from "../../../lib/api.ts";
import { useNotices } from "../../../lib/notices.tsx";
import { MY_ORDERS_KEY, myOrderScreen } from "../orders/api.ts";
import { useMoney } from "../orders/money.ts";
import { shopMessage } from "../orders/states.ts";
import { CART_KEY, checkout } from "./api.ts";
import { checkoutBlocked } from "./cart.ts";
import { checkoutRefusal } from "./messages.ts";

interface CheckoutFormProps {
  cart: ShopCart;
  fulfilment: Fulfilment;
  onFulfilment: (fulfilment: Fulfilment) => void;
}

type Errors = Partial<Record<"address" | "note" | "provider" | "fulfilment", string>>;

/**
 * How the order reaches the customer (sent, or collected at the store), a note, and how it is
 * paid. Placing it sends only these choices: the server prices the cart itself. Card payments
 * leave for Stripe; a transfer lands on the order with its instructions.
 */
export function CheckoutForm({ cart, fulfilment, onFulfilment }: CheckoutFormProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const notices = useNotices();
  const money = useMoney(cart.store.currency);
  const hintId = useId();
  const addressRef = useRef<HTMLInputElement>(null);
  const [address, setAddress] = useState("");
  const [note, setNote] = useState("");
  const [chosenProvider, setProvider] = useState<PaymentProviderName | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const provider = chosenProvider && cart.providers.includes(chosenProvider) ? chosenProvider : (cart.providers[0] ?? "manual");
  const blocked = checkoutBlocked(cart) || cart.providers.length === 0;

  const place = useMutation({
    mutationFn: (input: CheckoutInput) => checkout(cart.store.id, input),
    onSuccess: async (result) => {
      await client.invalidateQueries({ queryKey: [MY_ORDERS_KEY] });
      if (result.redirectUrl) {
        window.location.assign(result.redirectUrl);
        return;
      }
      client.removeQueries({ queryKey: [CART_KEY, cart.store.id] });
      notices.success(t("shopStore.checkout.placed", { number: result.order.number }));
      navigate(myOrderScreen(result.order.id));
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        // The cart changed under the customer (stock, offer, code): show it as it is now.
        setRefusal(checkoutRefusal(t, error));
        void client.invalidateQueries({ queryKey: [CART_KEY, cart.store.id] });
      } else if (error instanceof ApiError && error.status === 400 && Object.keys(error.fieldErrors).length > 0) {
        setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([field, messages]) => [field, shopMessage(t, messages.join(" "))])));
      } else notices.error(error);
    },
  });

  const submit = () => {
    setRefusal(null);
    const input = { provider, fulfilment, address: fulfilment === "ship" ? address : "", note };
    const checked = checkoutInputSchema.safeParse(input);
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues) found[String(issue.path[0]) as keyof Errors] ??= shopMessage(t, issue.message);
      setErrors(found);
      // The one field a customer can miss here: take them to it.
      if (found.address) addressRef.current?.focus();
      return;
    }
    setErrors({});
    place.mutate(checked.data);
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label={t("shopStore.checkout.title")}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack spacing={2}>
        <FormControl component="fieldset">
          <FormLabel component="legend">{t("shopStore.checkout.fulfilment")}</FormLabel>
          <RadioGroup name="fulfilment" value={fulfilment} onChange={(event) => onFulfilment(event.target.value as Fulfilment)}>
            <FormControlLabel
              value="ship"
              control={<Radio />}
              label={
                cart.store.shippingCents > 0 ? t("shopStore.checkout.shipCost", { cost: money(cart.store.shippingCents) }) : t("shopStore.checkout.shipFree")
              }
            />
            <FormControlLabel value="collect" control={<Radio />} label={t("shopStore.checkout.collect")} />
          </RadioGroup>
        </FormControl>
        {fulfilment === "ship" ? (
          <TextField
            label={t("shopStore.checkout.address")}
            required
            multiline
            minRows={3}
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            error={!!errors.address}
            helperText={errors.address}
            autoComplete="shipping street-address"
            inputRef={addressRef}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        ) : (
          <Alert severity="info" icon={false}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t("shopStore.checkout.collectAt", { store: cart.store.name })}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: "pre-line" }}>
              {cart.store.address || t("shopStore.checkout.noAddress")}
            </Typography>
          </Alert>
        )}
        <TextField
          label={t("shopStore.checkout.note")}
          multiline
          minRows={2}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          error={!!errors.note}
          helperText={errors.note ?? t("shopStore.checkout.noteHint")}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
        {cart.providers.length > 1 ? (
          <FormControl component="fieldset">
            <FormLabel component="legend">{t("shopStore.checkout.payment")}</FormLabel>
            <RadioGroup name="provider" value={provider} onChange={(event) => setProvider(event.target.value as PaymentProviderName)}>
              {cart.providers.map((name) => (
                <FormControlLabel key={name} value={name} control={<Radio />} label={t(`shopStore.checkout.providers.${name}`)} />
              ))}
            </RadioGroup>
          </FormControl>
        ) : cart.providers.length === 1 ? (
          <Typography variant="body2">{t("shopStore.checkout.paymentOnly", { method: t(`shopStore.checkout.providers.${provider}`) })}</Typography>
        ) : (
          <Alert severity="warning">{t("shopStore.checkout.noProvider")}</Alert>
        )}
        {refusal ? (
          <Alert severity="error" role="alert">
            {refusal}
          </Alert>
        ) : null}
        <Button type="submit" variant="contained" size="large" disabled={blocked || place.isPending} aria-describedby={hintId}>
          {t("shopStore.checkout.place", { total: money(cart.totalCents) })}
        </Button>
        <Typography id={hintId} variant="body2" color="text.secondary">
          {checkoutBlocked(cart)
            ? t("shopStore.checkout.fixFirst")
            : provider === "stripe"
              ? t("shopStore.checkout.byCard")
              : t("shopStore.checkout.byTransfer")}
        </Typography>
      </Stack>
    </Box>
  );
}
