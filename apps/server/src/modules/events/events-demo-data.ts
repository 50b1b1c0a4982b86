import type { EventQuestion } from "./events.table.ts";

/**
 * The demo clinic's events (events-demo.ts): four events around the anchor day, in Madrid.
 * Days count from the anchor day; hours are UTC (Madrid is an hour or two ahead).
 */

/** Registrants: Spanish and English names, each once across the demo. */
export const DEMO_GUESTS: readonly string[] = [
  "Lucía Fernández",
  "Javier Morales",
  "Carmen Ruiz",
  "Pablo Herrera",
  "Isabel Navarro",
  "Andrés Molina",
  "Elena Castillo",
  "Sergio Ortega",
  "Marta Delgado",
  "Raúl Jiménez",
  "Beatriz Romero",
  "Álvaro Vega",
  "Nuria Campos",
  "Óscar Prieto",
  "Rocío Méndez",
  "Íñigo Aguirre",
  "Begoña Etxeberria",
  "Tomás Iglesias",
  "Pilar Cabrera",
  "Jorge Santana",
  "Ainhoa Lozano",
  "Manuel Peña",
  "Sofía Rubio",
  "Diego Pascual",
  "Emily Carter",
  "James Whitfield",
  "Olivia Bennett",
  "Harry Thompson",
  "Charlotte Hughes",
  "George Palmer",
  "Amelia Brooks",
  "Thomas Reid",
  "Grace Holloway",
  "Daniel Murphy",
  "Sophie Turner",
  "William Hayes",
  "Hannah Price",
  "Michael O'Brien",
  "Laura Sánchez",
  "Francisco Gil",
  "Teresa Domínguez",
  "Alberto Vidal",
  "Cristina Marín",
  "Luis Carrasco",
  "Mercedes Rojas",
  "Ignacio Fuentes",
  "Patricia Serrano",
  "Rafael León",
  "Victoria Medina",
  "Samuel Cortés",
  "Eva Guerrero",
  "Adrián Nieto",
  "Julia Calvo",
  "Hugo Ramos",
  "Clara Benítez",
  "Enrique Soto",
  "Irene Pardo",
  "Fernando Lorenzo",
  "Alicia Montero",
  "Gabriel Esteban",
  "Noelia Bravo",
  "Kevin Walsh",
  "Rebecca Lane",
  "Mario Crespo",
];

export type DemoRegistrationState = "pending_payment" | "confirmed" | "waiting" | "checked_in" | "cancelled" | "refunded";

/** A registrant's story: ticket index, state, how they paid, when (days from the anchor). */
export interface DemoRegistration {
  ticket: number;
  state: DemoRegistrationState;
  provider?: "manual" | "stripe";
  /** Registered on this day (from the anchor). */
  madeOn: number;
  /** Paid (and confirmed) on this day; free tickets are confirmed on registering. */
  paidOn?: number;
  /** Refunded (refunded) or cancelled (cancelled) on this day. */
  endedOn?: number;
  answers?: Record<string, string | boolean>;
  language?: "en" | "es";
}

export interface DemoCost {
  category: "venue" | "catering" | "speakers" | "materials" | "marketing" | "travel" | "other";
  supplier: string;
  description: string;
  plannedCents: number;
  actualCents: number | null;
  paid: boolean;
}

export interface DemoEvent {
  slug: string;
  title: { en: string; es: string };
  description: { en: string; es: string };
  /** Starts on this day from the anchor at `hour` UTC, lasting `hours` (or ending `days` later). */
  startsOn: number;
  hour: number;
  hours: number;
  venue: string;
  onlineUrl: string;
  capacity: number;
  state: "draft" | "published";
  tickets: { name: { en: string; es: string }; priceCents: number; capacity: number | null; salesEndOn?: number }[];
  questions: EventQuestion[];
  registrations: DemoRegistration[];
  costs: DemoCost[];
  /** Its checklist from a built-in template (`key`), the tasks due on or before `doneUntil` (from the anchor) done, except those listed. */
  checklist: { template: "workshop" | "course"; doneUntil: number; notDone: string[] } | null;
  createdOn: number;
}

const repeat = (count: number, make: (index: number) => DemoRegistration): DemoRegistration[] => Array.from({ length: count }, (_, index) => make(index));

const VENUE = "Clínica Vestibular Norte, Sala 2 — Calle de Bravo Murillo 120, Madrid";
const HEARD = {
  id: "heard",
  label: { en: "How did you hear about it?", es: "¿Cómo nos conociste?" },
  kind: "choice",
  options: ["Clinic", "Friend", "Web", "Social media"],
  required: false,
} as const;

export const DEMO_EVENTS: DemoEvent[] = [
  {
    slug: "dizziness-balance-workshop",
    title: { en: "Dizziness and balance: a practical workshop", es: "Mareo y equilibrio: taller práctico" },
    description: {
      en: "<p>Two and a half hours of exercises for dizziness and unsteadiness, with our vestibular therapists. Bring comfortable clothes.</p>",
      es: "<p>Dos horas y media de ejercicios para el mareo y la inestabilidad, con nuestras terapeutas vestibulares. Trae ropa cómoda.</p>",
    },
    startsOn: -12,
    hour: 16,
    hours: 2.5,
    venue: VENUE,
    onlineUrl: "",
    capacity: 24,
    state: "published",
    tickets: [
      { name: { en: "General", es: "General" }, priceCents: 2500, capacity: null },
      { name: { en: "Clinic patient", es: "Paciente de la clínica" }, priceCents: 1500, capacity: 8 },
    ],
    questions: [
      { id: "diet", label: { en: "Dietary needs for the break", es: "Necesidades alimentarias para la pausa" }, kind: "text", options: [], required: true },
    ],
    registrations: [
      ...repeat(13, (index) => ({
        ticket: 0,
        state: index < 12 ? "checked_in" : "confirmed",
        provider: index % 3 === 0 ? "stripe" : "manual",
        madeOn: -40 + index * 2,
        paidOn: -39 + index * 2,
        answers: { diet: ["None", "Vegetarian", "Ninguna", "Sin gluten"][index % 4] as string },
        language: index % 2 === 0 ? "es" : "en",
      })),
      ...repeat(7, (index) => ({
        ticket: 1,
        state: index < 6 ? "checked_in" : "confirmed",
        provider: "manual",
        madeOn: -35 + index * 3,
        paidOn: -33 + index * 3,
        answers: { diet: index === 2 ? "Vegana" : "Ninguna" },
        language: "es",
      })),
      { ticket: 0, state: "refunded", provider: "stripe", madeOn: -30, paidOn: -30, endedOn: -16, answers: { diet: "None" }, language: "en" },
      { ticket: 1, state: "cancelled", provider: "manual", madeOn: -20, endedOn: -19, answers: { diet: "Ninguna" }, language: "es" },
    ],
    costs: [
      {
        category: "venue",
        supplier: "Clínica Vestibular Norte",
        description: "Room 2, setup and cleaning",
        plannedCents: 12000,
        actualCents: 12000,
        paid: true,
      },
      { category: "catering", supplier: "Café del Norte", description: "Coffee break for 24", plannedCents: 15000, actualCents: 13800, paid: true },
      {
        category: "materials",
        supplier: "Fisiomaterial S.L.",
        description: "Balance pads and printed exercise sheets",
        plannedCents: 8000,
        actualCents: 7240,
        paid: true,
      },
    ],
    checklist: { template: "workshop", doneUntil: -12, notDone: [] },
    createdOn: -45,
  },
  {
    slug: "vestibular-rehab-at-home",
    title: { en: "Vestibular rehabilitation at home", es: "Rehabilitación vestibular en casa" },
    description: {
      en: "<p>Learn the home exercise programme step by step: gaze stabilisation, habituation and balance. Places are limited.</p>",
      es: "<p>Aprende paso a paso el programa de ejercicios en casa: estabilización de la mirada, habituación y equilibrio. Plazas limitadas.</p>",
    },
    startsOn: 10,
    hour: 16,
    hours: 3,
    venue: VENUE,
    onlineUrl: "",
    capacity: 16,
    state: "published",
    tickets: [
      { name: { en: "General", es: "General" }, priceCents: 3500, capacity: null, salesEndOn: 9 },
      { name: { en: "Clinic patient", es: "Paciente de la clínica" }, priceCents: 2000, capacity: 6, salesEndOn: 9 },
    ],
    questions: [
      { id: "mobility", label: { en: "Do you use a walking aid?", es: "¿Usas algún apoyo para caminar?" }, kind: "checkbox", options: [], required: true },
      { ...HEARD, options: [...HEARD.options] },
    ],
    registrations: [
      ...repeat(7, (index) => ({
        ticket: 0,
        state: "confirmed",
        provider: index === 3 ? "stripe" : "manual",
        madeOn: -20 + index * 2,
        paidOn: -18 + index * 2,
        answers: { mobility: index === 4, heard: HEARD.options[index % 4] as string },
        language: index % 2 === 0 ? "en" : "es",
      })),
      // Transfers announced, not arrived yet: their places are held until the hold runs out.
      ...repeat(2, (index) => ({
        ticket: 0,
        state: "pending_payment",
        provider: "manual",
        madeOn: -1 + index,
        answers: { mobility: false, heard: "Web" },
        language: "es",
      })),
      ...repeat(5, (index) => ({
        ticket: 1,
        state: "confirmed",
        provider: "manual",
        madeOn: -15 + index * 2,
        paidOn: -13 + index * 2,
        answers: { mobility: index === 1, heard: "Clinic" },
        language: "es",
      })),
      { ticket: 1, state: "pending_payment", provider: "manual", madeOn: -1, answers: { mobility: true, heard: "Clinic" }, language: "es" },
      {
        ticket: 0,
        state: "refunded",
        provider: "stripe",
        madeOn: -14,
        paidOn: -14,
        endedOn: -6,
        answers: { mobility: false, heard: "Social media" },
        language: "en",
      },
      // The patient tickets are sold out: these wait for one.
      ...repeat(3, (index) => ({
        ticket: 1,
        state: "waiting",
        provider: "manual",
        madeOn: -1 + (index > 0 ? 1 : 0),
        answers: { mobility: false, heard: "Friend" },
        language: "es",
      })),
    ],
    costs: [
      { category: "venue", supplier: "Clínica Vestibular Norte", description: "Room 2 for the afternoon", plannedCents: 15000, actualCents: 15000, paid: true },
      { category: "speakers", supplier: "Dra. Irene Castro", description: "Guest physiotherapist", plannedCents: 20000, actualCents: null, paid: false },
      { category: "materials", supplier: "Fisiomaterial S.L.", description: "Exercise booklets", plannedCents: 6000, actualCents: 5430, paid: false },
      { category: "marketing", supplier: "Imprenta Rápida", description: "Posters for the waiting room", plannedCents: 4000, actualCents: null, paid: false },
    ],
    // "Order the materials" (14 days before) is overdue: the booklets are still to order.
    checklist: { template: "workshop", doneUntil: 0, notDone: ["Order the materials"] },
    createdOn: -25,
  },
  {
    slug: "living-with-vertigo-group",
    title: { en: "Patient group: living with vertigo", es: "Grupo de pacientes: vivir con vértigo" },
    description: {
      en: "<p>A free monthly meeting to share what helps, with a therapist in the room. Join in person or online.</p>",
      es: "<p>Encuentro mensual gratuito para compartir lo que ayuda, con una terapeuta presente. En persona o en línea.</p>",
    },
    startsOn: 5,
    hour: 17,
    hours: 1.5,
    venue: VENUE,
    onlineUrl: "https://meet.example.com/vivir-con-vertigo",
    capacity: 30,
    state: "published",
    tickets: [{ name: { en: "Free", es: "Gratis" }, priceCents: 0, capacity: null }],
    questions: [{ ...HEARD, options: [...HEARD.options] }],
    registrations: [
      ...repeat(20, (index) => ({
        ticket: 0,
        state: "confirmed",
        madeOn: -18 + index,
        answers: { heard: HEARD.options[index % 4] as string },
        language: index % 3 === 0 ? "en" : "es",
      })),
      ...repeat(2, (index) => ({ ticket: 0, state: "cancelled", madeOn: -10 + index, endedOn: -4 + index, language: "es" })),
    ],
    costs: [{ category: "catering", supplier: "Café del Norte", description: "Coffee and water", plannedCents: 3000, actualCents: null, paid: false }],
    checklist: null,
    createdOn: -20,
  },
  {
    slug: "vestibular-therapy-course",
    title: { en: "Vestibular therapy course for professionals", es: "Curso de terapia vestibular para profesionales" },
    description: {
      en: "<p>Three mornings of theory and practice for physiotherapists: assessment, the rotary chair, posturography and treatment planning.</p>",
      es: "<p>Tres mañanas de teoría y práctica para fisioterapeutas: valoración, silla rotatoria, posturografía y plan de tratamiento.</p>",
    },
    startsOn: 45,
    hour: 8,
    hours: 54,
    venue: VENUE,
    onlineUrl: "",
    capacity: 25,
    state: "draft",
    tickets: [
      { name: { en: "Early bird", es: "Inscripción anticipada" }, priceCents: 15000, capacity: 10, salesEndOn: 30 },
      { name: { en: "Professional", es: "Profesional" }, priceCents: 18000, capacity: null, salesEndOn: 44 },
    ],
    questions: [
      { id: "licence", label: { en: "Professional licence number", es: "Número de colegiado" }, kind: "text", options: [], required: true },
      {
        id: "certificate",
        label: { en: "I need an attendance certificate", es: "Necesito certificado de asistencia" },
        kind: "checkbox",
        options: [],
        required: false,
      },
    ],
    registrations: [],
    costs: [
      { category: "venue", supplier: "Clínica Vestibular Norte", description: "Room 2, three mornings", plannedCents: 60000, actualCents: null, paid: false },
      { category: "speakers", supplier: "Dr. Martín Salas", description: "Guest lecturer, posturography", plannedCents: 90000, actualCents: null, paid: false },
      { category: "travel", supplier: "Renfe", description: "Lecturer's train from Valencia", plannedCents: 12000, actualCents: null, paid: false },
    ],
    checklist: { template: "course", doneUntil: -15, notDone: [] },
    createdOn: -10,
  },
];
