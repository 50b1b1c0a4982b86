import { type BookingMade, bookingClientSchema, type PublicBookingService } from "@clinic/shared";
import { Alert, Box, Button, FormControlLabel, Paper, Radio, RadioGroup, Stack, TextField, Typography } from "@mui/material";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { Link as RouterLink, useParams } from "react-router";
import type { ApiError } from "../../../lib/api.ts";
import { Loading } from "../../../lib/components/Loading.tsx";
import { currentLanguage } from "../../../lib/i18n.ts";
import { useAction } from "../../../lib/resource.ts";
import { useSession } from "../../../lib/session.ts";
import { zodResolver } from "../../../lib/zod-resolver.ts";
import { bookingText, formatZoned } from "../shared/format.ts";
import { book, PUBLIC_SERVICE_KEY, PUBLIC_SLOTS_KEY, publicService } from "./api.ts";
import { PublicLayout } from "./PublicLayout.tsx";
import { Details, PageSection, Summary, Unavailable } from "../../../lib/components/PublicPageParts.tsx";
import { SlotPicker } from "./SlotPicker.tsx";
import { bookingRequest, type FreeSlot, type GuestDetails, placeRefusal } from "./slots.ts";
import { browserTimeZone, zoneLabel } from "../../../lib/zoned-time.ts";
import { formatMoney } from "../../../lib/money.ts";

/**
 * /schedule/app/booking/:slug (public): a service's booking page. The client chooses a variation,
 * a provider or anyone, a free time in their own zone, and (as a guest) gives their name, email
 * and phone; a guest then confirms by the emailed link, a signed-in client is booked at once.
 */
export function BookingPage() {
  const { t } = useTranslation();
  const { slug = "" } = useParams();
  const service = useQuery<PublicBookingService, ApiError>({ queryKey: [PUBLIC_SERVICE_KEY, slug], queryFn: ({ signal }) => publicService(slug, signal) });
  const missing = service.error && (service.error.status === 404 || service.error.status === 400);
  return (
    <PublicLayout serviceName={service.data?.name ?? null}>
      {service.data ? (
        <BookingFlow service={service.data} />
      ) : missing ? (
        <Unavailable title={t("bookingPublic.page.missingTitle")} text={t("bookingPublic.page.missing")} />
      ) : service.error ? (
        <Unavailable title={t("bookingPublic.page.failedTitle")} text={t("bookingPublic.page.failed")} onRetry={() => void service.refetch()} />
      ) : (
        <Loading />
      )}
    </PublicLayout>
  );
}

function BookingFlow({ service }: { service: PublicBookingService }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === "es" ? "es" : "en";
  const client = useQueryClient();
  const { session } = useSession();
  const timeZone = browserTimeZone();
  const [variationId, setVariationId] = useState(service.variations[0]?.id ?? 0);
  const [providerId, setProviderId] = useState<string | null>(null);
  const [appointmentType, setAppointmentType] = useState(service.appointmentTypes[0] ?? 1);
  const [slot, setSlot] = useState<FreeSlot | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [made, setMade] = useState<{ booking: BookingMade; email: string | null } | null>(null);
  const timeStepId = useId();
  const form = useForm<z.input<typeof bookingClientSchema>, unknown, GuestDetails>({
    resolver: zodResolver(bookingClientSchema),
    defaultValues: { name: "", email: "", phone: "" },
  });
  const errors = form.formState.errors;
  const variation = service.variations.find((one) => one.id === variationId) ?? service.variations[0];
  const texts = service.pageTexts[language];
  const title = texts.title.trim() || service.name;
  const intro = texts.intro.trim();

  const choose = (change: () => void) => {
    change();
    setSlot(null);
    setRefusal(null);
  };
  const showTimes = () => {
    document.getElementById(timeStepId)?.scrollIntoView({ block: "start" });
  };
  const booking = useAction(book, {
    onSuccess: (result, body) => setMade({ booking: result, email: body.client?.email ?? null }),
    onFailure: (failure) => {
      const placed = placeRefusal(failure);
      if (placed.time) {
        // The time went to someone else (or out of reach): say so by the times, and offer what is free now.
        setRefusal(bookingText(t, placed.time));
        setSlot(null);
        void client.invalidateQueries({ queryKey: [PUBLIC_SLOTS_KEY] });
        showTimes();
      }
      for (const [field, message] of Object.entries(placed.fields)) form.setError(field as keyof GuestDetails, { type: "server", message });
    },
  });

  const submit = (guest: GuestDetails | null) => {
    if (!variation || !slot) return;
    setRefusal(null);
    booking.mutate(bookingRequest({ variationId: variation.id, providerId, start: slot.start, timeZone, language: currentLanguage(), appointmentType, guest }));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The time first: it is the choice that can go, and it is higher on the page.
    if (!slot) {
      setRefusal(t("bookingPublic.book.chooseTime"));
      return showTimes();
    }
    if (session) submit(null);
    else void form.handleSubmit(submit)();
  };

  if (made) {
    return (
      <BookingDone
        booking={made.booking}
        email={made.email}
        service={service}
        variationName={variation?.name ?? ""}
        timeZone={timeZone}
        onAgain={() => {
          setMade(null);
          setSlot(null);
          void client.invalidateQueries({ queryKey: [PUBLIC_SLOTS_KEY] });
        }}
      />
    );
  }

  const phoneError = errors.phone ? t("bookingPublic.details.phoneInvalid") : undefined;
  return (
    <Stack spacing={3} component="form" noValidate onSubmit={onSubmit}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, overflowWrap: "anywhere", fontSize: { xs: "1.75rem", sm: "2.125rem" } }}>
          {title}
        </Typography>
        {intro ? <Typography sx={{ mt: 1, whiteSpace: "pre-line" }}>{intro}</Typography> : null}
      </Box>
      <PageSection title={t("bookingPublic.about.title")}>
        <Typography sx={{ whiteSpace: "pre-line" }}>{service.description}</Typography>
        <Box sx={{ mt: 2 }}>
          <Details>
            <Summary
              label={t("bookingPublic.about.where")}
              value={
                <>
                  {service.location.name}
                  {service.location.address ? (
                    <Box component="span" sx={{ display: "block", color: "text.secondary" }}>
                      {service.location.address}
                    </Box>
                  ) : null}
                </>
              }
            />
            <Summary label={t("bookingPublic.about.changes")} value={t("bookingPublic.about.changesText", { count: service.cancelWindowHours })} />
          </Details>
        </Box>
      </PageSection>

      <PageSection title={t("bookingPublic.steps.variation")}>
        <RadioGroup
          aria-label={t("bookingPublic.steps.variation")}
          value={String(variation?.id ?? "")}
          onChange={(event) => choose(() => setVariationId(Number(event.target.value)))}
        >
          {service.variations.map((one) => (
            <FormControlLabel
              key={one.id}
              value={String(one.id)}
              control={<Radio />}
              sx={{ alignItems: "flex-start", mb: 1, "& .MuiRadio-root": { pt: 0.5 } }}
              label={
                <Box sx={{ pt: 0.75 }}>
                  <Typography component="span" sx={{ display: "block", fontWeight: 600 }}>
                    {one.name}
                  </Typography>
                  <Typography component="span" variant="body2" color="text.secondary">
                    {t("bookingShared.minutes", { count: one.durationMinutes })} · {formatMoney(one.priceCents, service.currency, language)}
                  </Typography>
                </Box>
              }
            />
          ))}
        </RadioGroup>
      </PageSection>

      {service.providers.length > 1 ? (
        <PageSection title={t("bookingPublic.steps.provider")}>
          <RadioGroup
            aria-label={t("bookingPublic.steps.provider")}
            value={providerId ?? ""}
            onChange={(event) => choose(() => setProviderId(event.target.value || null))}
          >
            <FormControlLabel value="" control={<Radio />} label={t("bookingShared.anyone")} />
            {service.providers.map((provider) => (
              <FormControlLabel key={provider.id} value={provider.id} control={<Radio />} label={provider.name} />
            ))}
          </RadioGroup>
        </PageSection>
      ) : null}

      {service.appointmentTypes.length > 1 ? (
        <PageSection title={t("bookingPublic.steps.appointmentType")}>
          <RadioGroup
            aria-label={t("bookingPublic.steps.appointmentType")}
            value={String(appointmentType)}
            onChange={(event) => setAppointmentType(Number(event.target.value))}
          >
            {service.appointmentTypes.map((type) => (
              <FormControlLabel key={type} value={String(type)} control={<Radio />} label={t(`bookingShared.appointmentTypes.${type}`)} />
            ))}
          </RadioGroup>
        </PageSection>
      ) : null}

      <PageSection title={t("bookingPublic.steps.time")} id={timeStepId}>
        {variation ? (
          <SlotPicker
            variationId={variation.id}
            providerId={providerId}
            timeZone={timeZone}
            locationZone={service.location.timeZone}
            windowDays={service.windowDays}
            value={slot}
            onChange={(next) => {
              setSlot(next);
              setRefusal(null);
            }}
            refusal={refusal}
          />
        ) : null}
      </PageSection>

      <PageSection title={t("bookingPublic.steps.details")}>
        {session ? (
          <Typography>
            {t("bookingPublic.details.signedIn", { name: `${session.userData.nombres} ${session.userData.apellidos}`.trim(), email: session.userData.email })}
          </Typography>
        ) : (
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              {t("bookingPublic.details.guestHint")}
            </Typography>
            <TextField
              label={t("bookingPublic.details.name")}
              required
              autoComplete="name"
              {...form.register("name")}
              error={!!errors.name}
              helperText={errors.name?.message ? bookingText(t, errors.name.message) : undefined}
              slotProps={{ htmlInput: { maxLength: 120 } }}
            />
            <TextField
              label={t("bookingPublic.details.email")}
              required
              type="email"
              autoComplete="email"
              {...form.register("email")}
              error={!!errors.email}
              helperText={errors.email?.message ? bookingText(t, errors.email.message) : t("bookingPublic.details.emailHint")}
              slotProps={{ htmlInput: { maxLength: 254 } }}
            />
            <TextField
              label={t("bookingPublic.details.phone")}
              type="tel"
              autoComplete="tel"
              {...form.register("phone")}
              error={!!phoneError}
              helperText={phoneError ?? t("bookingPublic.details.phoneHint")}
              slotProps={{ htmlInput: { maxLength: 40 } }}
            />
          </Stack>
        )}
      </PageSection>

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography sx={{ mb: 2 }} aria-live="polite">
          {slot && variation
            ? t("bookingPublic.book.summary", {
                variation: variation.name,
                when: formatZoned(slot.start, timeZone, language),
                zone: zoneLabel(timeZone),
                price: formatMoney(variation.priceCents, service.currency, language),
              })
            : t("bookingPublic.book.noTime")}
        </Typography>
        <Button type="submit" variant="contained" size="large" disabled={booking.isPending} fullWidth>
          {booking.isPending ? t("bookingPublic.book.sending") : t("bookingPublic.book.submit")}
        </Button>
      </Paper>
    </Stack>
  );
}

/** What the client sees once booked: confirm by email (a guest) or confirmed, with where to manage it. */
function BookingDone(props: {
  booking: BookingMade;
  email: string | null;
  service: PublicBookingService;
  variationName: string;
  timeZone: string;
  onAgain: () => void;
}) {
  const { booking, email, service, variationName, timeZone, onAgain } = props;
  const { t, i18n } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    window.scrollTo({ top: 0 });
  }, []);
  const pending = booking.status === "pending";
  // The link points at this app: followed inside it, whatever host the server's address names.
  const managePath = booking.manageUrl ? new URL(booking.manageUrl, window.location.origin).pathname : null;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
      <Typography
        ref={heading}
        tabIndex={-1}
        variant="h4"
        component="h1"
        sx={{ fontWeight: 700, mb: 2, outline: "none", fontSize: { xs: "1.75rem", sm: "2.125rem" } }}
      >
        {pending ? t("bookingPublic.done.pendingTitle") : t("bookingPublic.done.confirmedTitle")}
      </Typography>
      <Alert severity={pending ? "info" : "success"} sx={{ mb: 2 }}>
        {pending ? t("bookingPublic.done.pending", { email: email ?? "" }) : t("bookingPublic.done.confirmed")}
      </Alert>
      <Details>
        <Summary label={t("bookingPublic.done.what")} value={`${service.name} · ${variationName}`} />
        <Summary label={t("bookingPublic.done.with")} value={booking.provider.name} />
        <Summary label={t("bookingPublic.done.when")} value={`${formatZoned(booking.start, timeZone, i18n.language)} (${zoneLabel(timeZone)})`} />
        <Summary label={t("bookingPublic.done.where")} value={[service.location.name, service.location.address].filter(Boolean).join(", ")} />
      </Details>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mt: 3 }}>
        {managePath ? (
          <Button component={RouterLink} to={managePath} variant="contained">
            {t("bookingPublic.done.manage")}
          </Button>
        ) : null}
        <Button variant="outlined" onClick={onAgain}>
          {t("bookingPublic.done.again")}
        </Button>
      </Stack>
    </Paper>
  );
}
