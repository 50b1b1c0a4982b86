/**
 * The forms' zod resolver. Importing it through here applies the zod messages' locale
 * (lib/zod-locale.ts) wherever zod loads for a form, so layouts need not load zod up front.
 */
import "./zod-locale.ts";

export { zodResolver } from "@hookform/resolvers/zod";
