import type { FormAnswerValue, FormField } from "@clinic/shared";
import type { Translate } from "./messages.ts";

/** One answer as text: the chosen choices' labels, a Likert point's label, yes/no in the interface language; "" when unanswered. */
export function answerText(field: FormField, value: FormAnswerValue | undefined, t: Translate): string {
  if (value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0)) return "";
  switch (field.type) {
    case "singleChoice":
      return field.options.find((option) => option.value === value)?.label ?? String(value);
    case "multipleChoice":
      return (Array.isArray(value) ? value : [String(value)])
        .map((picked) => field.options.find((option) => option.value === picked)?.label ?? picked)
        .join(", ");
    case "yesNo":
      return value === true ? t("common.yes") : value === false ? t("common.no") : String(value);
    case "scale": {
      if (typeof value !== "number") return String(value);
      const label = field.pointLabels[Math.round((value - field.min) / field.step)];
      return label ? `${value} · ${label}` : String(value);
    }
    default:
      return String(value);
  }
}
