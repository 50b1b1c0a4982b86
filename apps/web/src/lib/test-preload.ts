// What the app loads lazily on first use (the date pickers, a banner's text, the patient home's
// appointment card) is loaded here before each test file: a test that renders them and ends
// before the lazy import arrived would otherwise have that import land after its environment is gone.
await Promise.all([
  import("./components/DatePickerField.tsx"),
  import("./components/DateTimePickerField.tsx"),
  import("../modules/broadcasts/BannerText.tsx"),
  import("../modules/clinic/appointments/RequestAppointmentCard.tsx"),
]);
export {};
