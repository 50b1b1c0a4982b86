import type { DailyExercisesPush, PushDevices } from "@clinic/shared";
import { Alert, Box, Button, Card, CardContent, CardHeader, FormControlLabel, Stack, Switch, TextField, Typography } from "@mui/material";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNotices } from "../../lib/notices.tsx";
import { useAction, useResource } from "../../lib/resource.ts";
import {
  browserTimeZone,
  currentSubscription,
  DAILY_EXERCISES_KEY,
  DAILY_EXERCISES_PATH,
  NoServiceWorkerError,
  PUSH_DEVICES_KEY,
  PUSH_DEVICES_PATH,
  type PushAvailability,
  pushAvailability,
  saveDailyExercises,
  sendTestPush,
  subscribeThisDevice,
  unsubscribeThisDevice,
} from "./push-subscription.ts";

/** What the card says of this device: no push here, blocked, switching, on or off. */
export type PushCardState = "unsupported" | "denied" | "working" | "on" | "off";

export function pushCardState(availability: PushAvailability, working: boolean, on: boolean): PushCardState {
  if (availability !== "available") return availability;
  if (working) return "working";
  return on ? "on" : "off";
}

/**
 * "Push notifications on this device" in My Profile (issue 43.4): a switch for this browser, the
 * number of the user's devices that get pushes, a test push, and for patients the time of the
 * daily reminder of their exercises.
 */
export function PushNotificationsCard({ isPatient }: { isPatient: boolean }) {
  const { t } = useTranslation();
  const notices = useNotices();
  // Read in the browser only: on the server (tests' HTML) there is no push.
  const [availability, setAvailability] = useState<PushAvailability>(() => pushAvailability());
  /** This browser's subscription endpoint; undefined until read. */
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  const { data: devices } = useResource<PushDevices>([...PUSH_DEVICES_KEY], PUSH_DEVICES_PATH, { quiet: true });
  useEffect(() => {
    void currentSubscription().then((subscription) => setEndpoint(subscription?.endpoint ?? null));
  }, []);

  const toggle = useAction(
    async (on: boolean) => {
      if (!on) {
        await unsubscribeThisDevice();
        return "off" as const;
      }
      return subscribeThisDevice();
    },
    {
      invalidate: [[...PUSH_DEVICES_KEY]],
      success: (outcome) => (outcome === "subscribed" ? t("notifications.push.switchedOn") : outcome === "off" ? t("notifications.push.switchedOff") : ""),
      onSuccess: async (outcome) => {
        if (outcome === "denied" || outcome === "unsupported") setAvailability(pushAvailability());
        setEndpoint((await currentSubscription())?.endpoint ?? null);
      },
      onFailure: (failure) => {
        if (failure instanceof NoServiceWorkerError) notices.failure(t("notifications.push.noWorker"));
      },
    },
  );
  const test = useAction(() => sendTestPush(), { success: t("notifications.push.testSent") });

  // On: the browser holds a subscription the server knows as the user's (not a previous user's on a shared device).
  const on = !!endpoint && !!devices?.data.some((device) => device.endpoint === endpoint);
  const state = pushCardState(availability, toggle.isPending || endpoint === undefined || !devices, on);
  return (
    <Card variant="outlined" component="section" aria-labelledby="push-title">
      <CardHeader title={t("notifications.push.title")} subheader={t("notifications.push.hint")} slotProps={{ title: { component: "h2", id: "push-title" } }} />
      <CardContent>
        <PushCardView
          state={state}
          deviceCount={devices?.data.length ?? null}
          onToggle={(next) => toggle.mutate(next)}
          onTest={() => test.mutate(undefined)}
          testing={test.isPending}
        />
        {isPatient ? <DailyExercisesField /> : null}
      </CardContent>
    </Card>
  );
}

interface ViewProps {
  state: PushCardState;
  /** How many of the user's devices get pushes; null while unknown. */
  deviceCount: number | null;
  onToggle: (on: boolean) => void;
  onTest: () => void;
  testing: boolean;
}

/** The switch and what it means now; apart from the browser calls, so a test can show each state. */
export function PushCardView({ state, deviceCount, onToggle, onTest, testing }: ViewProps) {
  const { t } = useTranslation();
  const blocked = state === "unsupported" || state === "denied";
  const explanation = {
    unsupported: t("notifications.push.unsupported"),
    denied: t("notifications.push.denied"),
    working: t("notifications.push.working"),
    on: t("notifications.push.on"),
    off: t("notifications.push.off"),
  }[state];
  return (
    <Stack spacing={1.5}>
      <FormControlLabel
        control={<Switch checked={state === "on"} disabled={blocked || state === "working"} onChange={(event) => onToggle(event.target.checked)} />}
        label={t("notifications.push.switch")}
      />
      {blocked ? (
        <Alert severity={state === "denied" ? "warning" : "info"}>{explanation}</Alert>
      ) : (
        <Typography variant="body2" role="status">
          {explanation}
        </Typography>
      )}
      {deviceCount !== null && deviceCount > 0 ? (
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" } }}>
          <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
            {t("notifications.push.devices", { count: deviceCount })}
          </Typography>
          <Button variant="outlined" onClick={onTest} disabled={testing}>
            {t("notifications.push.test")}
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}

/** A patient's daily reminder: a time of day in this browser's zone; empty switches it off. */
function DailyExercisesField() {
  const { t } = useTranslation();
  const { data } = useResource<DailyExercisesPush>([...DAILY_EXERCISES_KEY], DAILY_EXERCISES_PATH);
  const [time, setTime] = useState("");
  useEffect(() => {
    if (data) setTime(data.time ?? "");
  }, [data]);
  const zone = browserTimeZone();
  const save = useAction((value: string) => saveDailyExercises({ time: value === "" ? null : value, timeZone: zone }), {
    invalidate: [[...DAILY_EXERCISES_KEY]],
    success: (saved) => (saved.time ? t("notifications.push.dailySaved") : t("notifications.push.dailyOff")),
  });
  return (
    <Box
      component="form"
      noValidate
      sx={{ mt: 3 }}
      aria-labelledby="push-daily-title"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(time);
      }}
    >
      <Typography id="push-daily-title" variant="subtitle1" component="h3">
        {t("notifications.push.dailyTitle")}
      </Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mt: 1, alignItems: { sm: "flex-start" } }}>
        <TextField
          type="time"
          label={t("notifications.push.dailyLabel")}
          value={time}
          onChange={(event) => setTime(event.target.value)}
          helperText={t("notifications.push.dailyHint", { zone })}
          disabled={!data}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
        />
        <Button type="submit" variant="contained" disabled={!data || save.isPending} sx={{ mt: { sm: 1 } }}>
          {t("common.save")}
        </Button>
      </Stack>
    </Box>
  );
}
