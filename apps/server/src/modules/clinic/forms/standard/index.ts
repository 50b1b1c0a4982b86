import type { FormInput } from "@clinic/shared";
import { ABC_EN, ABC_ES } from "./abc.ts";
import { DHI_EN, DHI_ES } from "./dhi.ts";

/**
 * The validated questionnaires the platform ships as read-only platform forms (issue 17, item 4).
 * `key` names each one for good, so seeding can find the form it made before and leave it be.
 */
export const STANDARD_FORMS: readonly { key: string; input: FormInput }[] = [
  { key: "dhi-en", input: DHI_EN },
  { key: "dhi-es", input: DHI_ES },
  { key: "abc-en", input: ABC_EN },
  { key: "abc-es", input: ABC_ES },
];
