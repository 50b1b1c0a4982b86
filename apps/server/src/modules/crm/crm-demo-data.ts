/**
 * The people and organisations of the CRM demo (crm-demo.ts): who a clinic of vestibular
 * rehabilitation in Madrid reaches out to in Spain and Latin America. Emails use the reserved
 * `.example` domains, so nothing seeded can ever reach a real inbox.
 */

export interface DemoOrganisation {
  name: string;
  city: string;
  /** The country's calling code, for the phone number. */
  dial: string;
  domain: string;
  tags: string[];
  address: string;
}

export const DEMO_ORGANISATIONS: DemoOrganisation[] = [
  { name: "Fisioterapia Retiro", city: "Madrid", dial: "+34", domain: "fisioretiro.example", tags: ["physio", "clinic"], address: "Calle de Ibiza 42" },
  { name: "Centre de Fisioteràpia Gràcia", city: "Barcelona", dial: "+34", domain: "fisiogracia.example", tags: ["physio"], address: "Carrer de Verdi 18" },
  { name: "Clínica Deportiva Triana", city: "Sevilla", dial: "+34", domain: "deportivatriana.example", tags: ["physio", "sports"], address: "Calle Betis 7" },
  { name: "Gimnasio Olympia", city: "Valencia", dial: "+34", domain: "olympiagym.example", tags: ["gym"], address: "Avinguda del Port 120" },
  { name: "CrossFit Ría", city: "Bilbao", dial: "+34", domain: "crossfitria.example", tags: ["gym", "sports"], address: "Calle Iparraguirre 31" },
  { name: "Colegio San Ignacio", city: "Zaragoza", dial: "+34", domain: "colegiosanignacio.example", tags: ["school"], address: "Paseo de la Constitución 9" },
  { name: "IES Miguel de Unamuno", city: "Salamanca", dial: "+34", domain: "iesunamuno.example", tags: ["school"], address: "Avenida de Portugal 60" },
  { name: "Escuela Infantil Los Pinos", city: "Málaga", dial: "+34", domain: "lospinos.example", tags: ["school"], address: "Calle Pinzón 4" },
  {
    name: "Polideportivo Municipal Hortaleza",
    city: "Madrid",
    dial: "+34",
    domain: "hortalezadeporte.example",
    tags: ["gym", "public"],
    address: "Calle de Mar de las Antillas 8",
  },
  {
    name: "Residencia Santa Clara",
    city: "Valladolid",
    dial: "+34",
    domain: "residenciasantaclara.example",
    tags: ["seniors"],
    address: "Calle de Santa Clara 11",
  },
  { name: "Gimnasio Aqua Sport", city: "Murcia", dial: "+34", domain: "aquasport.example", tags: ["gym"], address: "Avenida Juan Carlos I 55" },
  {
    name: "Mutua Deportiva Navarra",
    city: "Pamplona",
    dial: "+34",
    domain: "mutuanavarra.example",
    tags: ["sports", "insurer"],
    address: "Avenida de Carlos III 24",
  },
  { name: "FisioAndes", city: "Bogotá", dial: "+57", domain: "fisioandes.example", tags: ["physio"], address: "Carrera 15 #93-60" },
  {
    name: "Kinesiología Providencia",
    city: "Santiago de Chile",
    dial: "+56",
    domain: "kineprovidencia.example",
    tags: ["physio"],
    address: "Avenida Providencia 1208",
  },
  { name: "Palermo Fit", city: "Buenos Aires", dial: "+54", domain: "palermofit.example", tags: ["gym"], address: "Av. Santa Fe 3250" },
  { name: "Colegio Bilingüe Monterrey", city: "Monterrey", dial: "+52", domain: "cbmonterrey.example", tags: ["school"], address: "Av. Constitución 2050" },
  { name: "Centro Médico Miraflores", city: "Lima", dial: "+51", domain: "cmmiraflores.example", tags: ["clinic", "referral"], address: "Av. José Larco 812" },
  { name: "Club Atlético Prado (cantera)", city: "Montevideo", dial: "+598", domain: "clubprado.example", tags: ["sports"], address: "Av. Agraciada 3540" },
  {
    name: "Rehabilitación Polanco",
    city: "Ciudad de México",
    dial: "+52",
    domain: "rehabpolanco.example",
    tags: ["clinic", "physio"],
    address: "Av. Presidente Masaryk 201",
  },
  { name: "Academia de Danza Quito", city: "Quito", dial: "+593", domain: "danzaquito.example", tags: ["school", "sports"], address: "Av. Amazonas N34-120" },
  { name: "Fisio Center Guadalajara", city: "Guadalajara", dial: "+52", domain: "fisiogdl.example", tags: ["physio"], address: "Av. Chapultepec 480" },
  {
    name: "Instituto Audiológico Medellín",
    city: "Medellín",
    dial: "+57",
    domain: "audiomedellin.example",
    tags: ["clinic", "referral"],
    address: "Calle 10 #43D-30",
  },
  {
    name: "Centro Geriátrico Las Acacias",
    city: "Asunción",
    dial: "+595",
    domain: "lasacacias.example",
    tags: ["seniors"],
    address: "Av. Mariscal López 1740",
  },
  { name: "Colegio Alemán Valparaíso", city: "Valparaíso", dial: "+56", domain: "dsvalpo.example", tags: ["school"], address: "Av. Alemania 4580" },
];

/** A person: their names, the organisation they work at (an index above, or none), and what they do there. */
export interface DemoPerson {
  firstName: string;
  lastName: string;
  organisation: number | null;
  role: string;
}

export const DEMO_PEOPLE: DemoPerson[] = [
  { firstName: "Carmen", lastName: "Villalba", organisation: 0, role: "physio" },
  { firstName: "Jordi", lastName: "Puig", organisation: 1, role: "physio" },
  { firstName: "Rocío", lastName: "Morales", organisation: 2, role: "physio" },
  { firstName: "Álvaro", lastName: "Ferrer", organisation: 3, role: "gym" },
  { firstName: "Ane", lastName: "Etxeberria", organisation: 4, role: "gym" },
  { firstName: "Marta", lastName: "Ibáñez", organisation: 5, role: "school" },
  { firstName: "Fernando", lastName: "Sánchez", organisation: 6, role: "school" },
  { firstName: "Lorena", lastName: "Castillo", organisation: 7, role: "school" },
  { firstName: "Raúl", lastName: "Gutiérrez", organisation: 8, role: "gym" },
  { firstName: "Pilar", lastName: "Herrero", organisation: 9, role: "seniors" },
  { firstName: "Sergio", lastName: "Molina", organisation: 10, role: "gym" },
  { firstName: "Iñaki", lastName: "Goñi", organisation: 11, role: "sports" },
  { firstName: "Camila", lastName: "Restrepo", organisation: 12, role: "physio" },
  { firstName: "Matías", lastName: "Fuentes", organisation: 13, role: "physio" },
  { firstName: "Valentina", lastName: "Acosta", organisation: 14, role: "gym" },
  { firstName: "Diego", lastName: "Garza", organisation: 15, role: "school" },
  { firstName: "Lucía", lastName: "Paredes", organisation: 16, role: "clinic" },
  { firstName: "Martín", lastName: "Pereira", organisation: 17, role: "sports" },
  { firstName: "Ximena", lastName: "Orozco", organisation: 18, role: "physio" },
  { firstName: "Andrea", lastName: "Salazar", organisation: 19, role: "school" },
  { firstName: "José Luis", lastName: "Cárdenas", organisation: 20, role: "physio" },
  { firstName: "Natalia", lastName: "Zapata", organisation: 21, role: "clinic" },
  { firstName: "Gustavo", lastName: "Benítez", organisation: 22, role: "seniors" },
  { firstName: "Katharina", lastName: "Müller", organisation: 23, role: "school" },
  { firstName: "Beatriz", lastName: "Lozano", organisation: 0, role: "physio" },
  { firstName: "Pablo", lastName: "Rey", organisation: 5, role: "school" },
  { firstName: "Elena", lastName: "Campos", organisation: 3, role: "gym" },
  { firstName: "Tomás", lastName: "Aguirre", organisation: 16, role: "clinic" },
  { firstName: "Inés", lastName: "Navas", organisation: null, role: "physio" },
  { firstName: "Hugo", lastName: "Prieto", organisation: null, role: "physio" },
  { firstName: "Adriana", lastName: "Rojas", organisation: null, role: "physio" },
  { firstName: "Rodrigo", lastName: "Vidal", organisation: null, role: "sports" },
  { firstName: "Daniela", lastName: "Quintero", organisation: null, role: "school" },
  { firstName: "Francisco", lastName: "Ortega", organisation: null, role: "seniors" },
  { firstName: "Alba", lastName: "Crespo", organisation: null, role: "gym" },
  { firstName: "Emilio", lastName: "Santos", organisation: null, role: "physio" },
];

/** Where the people without an organisation live. */
export const DEMO_TOWNS: { city: string; dial: string }[] = [
  { city: "Madrid", dial: "+34" },
  { city: "Alcalá de Henares", dial: "+34" },
  { city: "Granada", dial: "+34" },
  { city: "Córdoba", dial: "+54" },
  { city: "Cali", dial: "+57" },
  { city: "Madrid", dial: "+34" },
  { city: "Toledo", dial: "+34" },
  { city: "Rosario", dial: "+54" },
];

export const DEMO_NOTES: { name: string; description: string }[] = [
  { name: "First contact", description: "Spoke with reception; the director decides on new services. Call again after 11:00." },
  { name: "Interested in a pilot", description: "Would like to try the screening with one group first. Send the one-page summary." },
  { name: "Budget for next term", description: "They plan next term's budget in January: follow up in the first week." },
  { name: "Prefiere correo", description: "Prefiere que le escribamos antes de llamar. Enviar la presentación por correo." },
  { name: "Referral agreement", description: "Happy to refer patients with dizziness after sports injuries. Needs our referral form." },
  { name: "Visita al centro", description: "Quiere ver la plataforma de posturografía en persona antes de decidir." },
  { name: "Decision maker", description: "The head coach decides, not the manager. Ask for him by name next time." },
  { name: "Seguimiento tras reunión", description: "Reunión positiva. Pendiente de confirmar número de alumnos para el cribado." },
];

export const DEMO_MEETING_SUBJECTS = [
  "Presentation of the vestibular screening programme",
  "Visita: plataforma de posturografía",
  "Referral agreement: terms and forms",
  "Reunión con dirección: cribado en el colegio",
  "Partnership proposal for members",
  "Follow-up: pilot results",
];

export const DEMO_CALL_NOTES: Record<string, string[]> = {
  answered: ["Spoke briefly, will read the email.", "Hablamos con la directora, interesada.", "Asked for prices by email."],
  no_answer: ["No answer.", "Voicemail, no message left.", "Sin respuesta."],
  call_back: ["Busy: asked us to call back.", "En reunión, volver a llamar.", "Call back when the manager is in."],
  not_interested: ["Not interested this year.", "Ya trabajan con otro centro.", "No budget for it."],
  converted: ["Agreed to a pilot: meeting booked.", "¡Aceptan el programa! Reunión para firmar.", "Signed up for the referral network."],
};

export const DEMO_FORMATS = [
  {
    name: "Referral network welcome",
    description: "Invites physiotherapists and clinics to refer patients with dizziness and balance problems.",
    subject: "{{first_name}}, join our vestibular referral network",
    html: "<p>Hello {{first_name}},</p><p>At Clínica Vestibular Norte we assess and treat dizziness and balance disorders. We are building a network of physiotherapists and clinics who refer patients to us and get a full report back after each assessment.</p><p>Reply to this email and we will send you the referral form and our prices.</p><p>Kind regards,<br>The outreach team</p>",
    template: "letter",
    trackOpens: true,
    trackClicks: true,
  },
  {
    name: "Invitación al cribado escolar",
    description: "Propuesta de cribado vestibular para colegios y centros deportivos.",
    subject: "Cribado vestibular gratuito para {{organisation}}",
    html: "<p>Hola {{first_name}}:</p><p>Este trimestre ofrecemos un cribado vestibular gratuito a colegios y centros deportivos: diez minutos por alumno, sin aparatos en el centro y con un informe para las familias.</p><p>Si le interesa, responda a este correo y le proponemos fechas.</p><p>Un saludo,<br>Clínica Vestibular Norte</p>",
    template: "newsletter",
    trackOpens: false,
    trackClicks: false,
  },
] as const;
