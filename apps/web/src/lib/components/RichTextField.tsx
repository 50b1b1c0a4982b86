import { Skeleton } from "@mui/material";
import { lazy, Suspense } from "react";
import { type Control, type FieldPath, type FieldValues, useController } from "react-hook-form";
import type { RichTextEditorProps } from "./RichTextEditor.tsx";

// The editor (TipTap and ProseMirror) is large: it loads when a form first shows it.
const RichTextEditor = lazy(() => import("./RichTextEditor.tsx").then((module) => ({ default: module.RichTextEditor })));

interface RichTextFieldProps<T extends FieldValues> extends Omit<RichTextEditorProps, "value" | "onChange" | "error" | "inputRef"> {
  control: Control<T>;
  name: FieldPath<T>;
  /** Puts a schema's or the server's message in the interface language (default: as it is). */
  translateError?: (message: string) => string;
}

/** The rich-text editor as a react-hook-form field: its value, its error message, focus on error. */
export function RichTextField<T extends FieldValues>({ control, name, translateError, ...props }: RichTextFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={(props.minHeight ?? 140) + 70} />}>
      <RichTextEditor
        {...props}
        value={(field.value as string | null) ?? ""}
        onChange={(html) => field.onChange(html)}
        error={fieldState.error?.message && translateError ? translateError(fieldState.error.message) : fieldState.error?.message}
        inputRef={field.ref}
      />
    </Suspense>
  );
}
