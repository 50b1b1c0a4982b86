import "../../../lib/zod-locale.ts";
import { bookingClientSchema, type BookingService, LANGUAGES, type Language, type PatientRow, type StaffBooking } from "@clinic/shared";
import { FormControl, FormControlLabel, FormLabel, MenuItem, Radio, RadioGroup, Stack, TextField } from "@mui/material";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import { FormDialog } from "../../../lib/components/FormDialog.tsx";
import { type PickerOption, SearchPicker } from "../../../lib/components/SearchPicker.tsx";
import { useAction } from "../../../lib/resource.ts";
import { useSignedIn } from "../../../lib/session.ts";
import { PATIENTS_KEY } from "../../people/api.ts";
import { bookingText, formatZoned } from "../shared/format.ts";
import { createBooking, EVERY_WORK_LIST, refusalPlaces, refusedTime, SLOTS_KEY, useCan } from "./api.ts";
import { type ChosenTime, DayTimePicker } from "./DayTimePicker.tsx";
import { formatPrice } from "./figures.ts";
import { ANYONE } from "./MoveDialog.tsx";

type Who = "person" | "other";
type Errors = Partial<Record<"service" | "variation" | "provider" | "time" | "person" | "name" | "email" | "phone", string>>;

/** The server's field of a refusal → the field of this form that shows it. */
const FIELD_OF: Record<string, keyof Errors> = {
  variationId: "variation",
  providerId: "provider",
  start: "time",
  clientUserId: "person",
  client: "name",
  "client.name": "name",
  "client.email": "email",
  "client.phone": "phone",
};

const PHONE_MESSAGE = "Give a phone number with digits, spaces and + ( ) - only.";

/** The services that can be booked now: switched on, with at least one variation switched on. */
export const bookableServices = (services: readonly BookingService[]) =>
  services.filter((service) => service.active && service.variations.some((variation) => variation.active));

/**
 * "Book for a client": a service, one of its ways (variation), a provider or anyone, a free day
 * and time, and who comes: one of the clinic's people or someone by name and email. The booking
 * is confirmed at once and the client gets the email with their private link, in the language chosen.
 */
export function BookForClientDialog({ services, currency, onClose }: { services: readonly BookingService[]; currency: string | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const language = i18n.language;
  const can = useCan();
  const session = useSignedIn();
  const whoId = useId();
  // The clinic's people are listed by the clinic manager's patients list (`view_user`).
  const canPickPeople = (session.isAdmin || can("view_user") || can("change_user")) && session.flags.clinic !== false;
  const bookable = bookableServices(services);
  const [serviceId, setServiceId] = useState<number | "">(bookable.length === 1 ? (bookable[0]?.id ?? "") : "");
  const service = bookable.find((one) => one.id === serviceId) ?? null;
  const variations = service?.variations.filter((variation) => variation.active) ?? [];
  const [variationId, setVariationId] = useState<number | "">("");
  const variation = variations.find((one) => one.id === variationId) ?? (variations.length === 1 ? variations[0] : undefined) ?? null;
  const [provider, setProvider] = useState(ANYONE);
  const [chosen, setChosen] = useState<ChosenTime | null>(null);
  const [who, setWho] = useState<Who>(canPickPeople ? "person" : "other");
  const [person, setPerson] = useState<PickerOption | null>(null);
  // The picker gives an id and a label; the person's email comes with their row.
  const emails = useRef(new Map<string, string>());
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [phone, setPhone] = useState("");
  const [mailLanguage, setMailLanguage] = useState<Language>(language === "es" ? "es" : "en");
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);

  const book = useAction(createBooking, {
    invalidate: EVERY_WORK_LIST,
    success: (made, input) =>
      t("bookingWork.book.booked", {
        name: input.clientUserId ? (person?.label ?? "") : (input.client?.name ?? ""),
        when: formatZoned(made.start, chosen?.timeZone ?? "UTC", language),
      }),
    onSuccess: () => onClose(),
    onFailure: (failure) => {
      if (refusedTime(failure)) {
        setChosen(null);
        void queryClient.invalidateQueries({ queryKey: SLOTS_KEY });
      }
      const { fields, problem: detail } = refusalPlaces(failure);
      const placed: Errors = {};
      const rest: string[] = detail ? [detail] : [];
      for (const [field, message] of Object.entries(fields)) {
        const mine = FIELD_OF[field];
        if (mine) placed[mine] = bookingText(t, message);
        else rest.push(message);
      }
      setErrors(placed);
      setProblem(rest.length ? rest.map((text) => bookingText(t, text)).join(" ") : null);
    },
  });

  /** A field changed: its message (and the time's, which the choice above it may have made stale) goes. */
  const clear = (...fields: (keyof Errors)[]) => setErrors((current) => ({ ...current, ...Object.fromEntries(fields.map((field) => [field, undefined])) }));
  const resetTime = () => {
    setChosen(null);
    clear("time");
  };

  /** The body to send, or the reasons it cannot be sent yet. */
  const body = (): StaffBooking | Errors => {
    const found: Errors = {};
    if (!service) found.service = t("bookingWork.book.chooseService");
    if (service && !variation) found.variation = t("bookingWork.book.chooseVariation");
    if (!chosen) found.time = t("bookingWork.picker.required");
    let client: StaffBooking["client"];
    if (who === "person") {
      if (!person) found.person = t("bookingWork.book.choosePerson");
      else if (phone.trim()) client = { name: person.label, email: emails.current.get(person.id) ?? "", phone };
    } else {
      const checked = bookingClientSchema.safeParse({ name, email, phone });
      if (checked.success) client = checked.data;
      else
        for (const issue of checked.error.issues) {
          const field = issue.path[0] as "name" | "email" | "phone";
          found[field] ??= issue.message === PHONE_MESSAGE ? t("bookingWork.book.phoneInvalid") : issue.message;
        }
    }
    if (Object.keys(found).length || !variation || !chosen) return found;
    return {
      variationId: variation.id,
      providerId: provider === ANYONE ? null : provider,
      start: chosen.slot.start,
      // The client's emails write the time as the location keeps it: where the visit takes place.
      timeZone: chosen.timeZone,
      language: mailLanguage,
      clientUserId: who === "person" ? (person?.id ?? null) : null,
      client,
    };
  };

  const text = (field: keyof Errors) => errors[field];
  return (
    <FormDialog
      open
      onClose={onClose}
      title={t("bookingWork.book.title")}
      text={t("bookingWork.book.text")}
      onSubmit={(event) => {
        event.preventDefault();
        setProblem(null);
        const made = body();
        if (!("variationId" in made)) return setErrors(made as Errors);
        setErrors({});
        book.mutate(made);
      }}
      pending={book.isPending}
      problem={problem}
      submitLabel={t("bookingWork.book.submit")}
      maxWidth="md"
      phoneFullScreen
    >
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <TextField
          select
          required
          label={t("bookingWork.fields.service")}
          value={serviceId}
          onChange={(event) => {
            setServiceId(Number(event.target.value));
            clear("service", "variation", "provider");
            setVariationId("");
            setProvider(ANYONE);
            resetTime();
          }}
          error={!!text("service")}
          helperText={text("service") ?? (bookable.length === 0 ? t("bookingWork.book.noServices") : undefined)}
          sx={{ flex: 1 }}
        >
          {bookable.map((one) => (
            <MenuItem key={one.id} value={one.id}>
              {one.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          required
          label={t("bookingWork.fields.variation")}
          value={variation?.id ?? ""}
          onChange={(event) => {
            setVariationId(Number(event.target.value));
            clear("variation");
            resetTime();
          }}
          disabled={!service}
          error={!!text("variation")}
          helperText={text("variation")}
          sx={{ flex: 1 }}
        >
          {variations.map((one) => (
            <MenuItem key={one.id} value={one.id}>
              {t("bookingWork.book.variationOption", {
                name: one.name,
                minutes: one.durationMinutes,
                price: formatPrice(one.priceCents, currency, language),
              })}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <TextField
        select
        label={t("bookingWork.fields.provider")}
        value={provider}
        onChange={(event) => {
          setProvider(event.target.value);
          clear("provider");
          resetTime();
        }}
        disabled={!service}
        error={!!text("provider")}
        helperText={text("provider")}
        sx={{ maxWidth: { sm: 360 } }}
      >
        <MenuItem value={ANYONE}>{t("bookingShared.anyone")}</MenuItem>
        {(service?.providers ?? []).map((one) => (
          <MenuItem key={one.id} value={one.id}>
            {one.name}
          </MenuItem>
        ))}
      </TextField>
      {variation ? (
        <DayTimePicker
          key={`${variation.id}-${provider}`}
          variationId={variation.id}
          providerId={provider === ANYONE ? null : provider}
          value={chosen}
          onChange={(next) => {
            setChosen(next);
            clear("time");
          }}
          error={text("time")}
        />
      ) : null}
      <FormControl>
        <FormLabel id={whoId}>{t("bookingWork.book.who")}</FormLabel>
        <RadioGroup row aria-labelledby={whoId} value={who} onChange={(event) => setWho(event.target.value as Who)}>
          {canPickPeople ? <FormControlLabel value="person" control={<Radio />} label={t("bookingWork.book.person")} /> : null}
          <FormControlLabel value="other" control={<Radio />} label={t("bookingWork.book.other")} />
        </RadioGroup>
      </FormControl>
      {who === "person" ? (
        <SearchPicker<PatientRow>
          path="/api/user-patients/?active=true&rowsPerPage=20"
          queryKey={[PATIENTS_KEY, "booking-picker"]}
          toOption={(row) => {
            emails.current.set(row.id, row.email);
            return { id: row.id, label: `${row.nombres} ${row.apellidos}`.trim() || row.email };
          }}
          value={person}
          onChange={(option) => {
            setPerson(option);
            clear("person");
          }}
          error={text("person")}
          label={t("bookingWork.book.personField")}
          noOptionsText={t("bookingWork.book.noPeople")}
          required
        />
      ) : (
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <TextField
            required
            label={t("bookingWork.fields.name")}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              clear("name");
            }}
            error={!!text("name")}
            helperText={text("name")}
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: 120 } }}
            sx={{ flex: 1 }}
          />
          <TextField
            required
            type="email"
            label={t("bookingWork.fields.email")}
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              clear("email");
            }}
            error={!!text("email")}
            helperText={text("email")}
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: 254 } }}
            sx={{ flex: 1 }}
          />
        </Stack>
      )}
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <TextField
          type="tel"
          label={t("bookingWork.fields.phone")}
          value={phone}
          onChange={(event) => {
            setPhone(event.target.value);
            clear("phone");
          }}
          error={!!text("phone")}
          helperText={text("phone") ?? t("bookingWork.book.phoneHint")}
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: 40 } }}
          sx={{ flex: 1 }}
        />
        <TextField
          select
          label={t("bookingWork.book.mailLanguage")}
          value={mailLanguage}
          onChange={(event) => setMailLanguage(event.target.value as Language)}
          sx={{ flex: 1 }}
        >
          {LANGUAGES.map((one) => (
            <MenuItem key={one} value={one}>
              {t(`bookingWork.languages.${one}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </FormDialog>
  );
}
