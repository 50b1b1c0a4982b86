import { applyZodMessages } from "../../lib/zod-messages.ts";
import { loginLanguage, onLoginLanguage, t } from "./login-i18n.ts";

/** Zod's messages on the sign-in page follow its language (loaded with zod, on the first submit). */
applyZodMessages(loginLanguage(), t);
onLoginLanguage(() => applyZodMessages(loginLanguage(), t));
