import type { Booking } from "@clinic/shared";
import { MenuItem, TextField } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import { FormDialog } from "../../../lib/components/FormDialog.tsx";
import { useAction } from "../../../lib/resource.ts";
import { bookingText } from "../shared/format.ts";
import { EVERY_WORK_LIST, moveBooking, refusalPlaces, refusedTime, SLOTS_KEY, useServices } from "./api.ts";
import { bookingWhen } from "./booking-days.ts";
import { type ChosenTime, DayTimePicker } from "./DayTimePicker.tsx";

/** The provider select's value for "anyone who gives the service". */
export const ANYONE = "anyone";

/**
 * Moves a booking to another free time, with its provider, another one or anyone free then.
 * Staff are not bound by the clients' cancellation window; the server still refuses a time that
 * is taken or outside hours, and says so here.
 */
export function MoveDialog({ booking, onClose, onMoved }: { booking: Booking; onClose: () => void; onMoved: (booking: Booking) => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const services = useServices();
  const [provider, setProvider] = useState(booking.provider.id);
  const [chosen, setChosen] = useState<ChosenTime | null>(null);
  const [timeError, setTimeError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const providers = services.data?.find((service) => service.id === booking.service.id)?.providers ?? [booking.provider];
  const move = useAction((input: { start: string; providerId: string | null }) => moveBooking(booking.id, input), {
    invalidate: EVERY_WORK_LIST,
    success: (moved) => t("bookingWork.move.moved", { name: moved.client.name, when: bookingWhen(moved, i18n.language) }),
    onSuccess: (moved) => {
      onMoved(moved);
      onClose();
    },
    onFailure: (failure) => {
      if (refusedTime(failure)) {
        setChosen(null);
        void queryClient.invalidateQueries({ queryKey: SLOTS_KEY });
      }
      const { fields, problem: detail } = refusalPlaces(failure);
      const { start, ...others } = fields;
      setTimeError(start ? bookingText(t, start) : undefined);
      const rest = [detail, ...Object.values(others)].filter((text): text is string => !!text);
      setProblem(rest.length ? rest.map((text) => bookingText(t, text)).join(" ") : null);
    },
  });
  const choose = (next: ChosenTime | null) => {
    setChosen(next);
    setTimeError(undefined);
  };
  return (
    <FormDialog
      open
      onClose={onClose}
      title={t("bookingWork.move.title")}
      text={t("bookingWork.move.text", { name: booking.client.name, when: bookingWhen(booking, i18n.language) })}
      onSubmit={(event) => {
        event.preventDefault();
        setProblem(null);
        if (!chosen) return setTimeError(t("bookingWork.picker.required"));
        move.mutate({ start: chosen.slot.start, providerId: provider === ANYONE ? null : provider });
      }}
      pending={move.isPending}
      problem={problem}
      submitLabel={t("bookingWork.move.submit")}
      maxWidth="md"
      phoneFullScreen
    >
      <TextField
        select
        label={t("bookingWork.fields.provider")}
        value={provider}
        onChange={(event) => {
          setProvider(event.target.value);
          choose(null);
        }}
        sx={{ maxWidth: 360 }}
      >
        <MenuItem value={ANYONE}>{t("bookingShared.anyone")}</MenuItem>
        {providers.map((one) => (
          <MenuItem key={one.id} value={one.id}>
            {one.name}
          </MenuItem>
        ))}
      </TextField>
      <DayTimePicker
        key={provider}
        variationId={booking.variation.id}
        providerId={provider === ANYONE ? null : provider}
        value={chosen}
        onChange={choose}
        error={timeError}
      />
    </FormDialog>
  );
}
