import { TextField } from "@mui/material";
import type { Path, UseFormReturn } from "react-hook-form";
import type { PageFormValues } from "../page-form.ts";

/** What every block's form is given: the editor's form, the block's place in the list, and a field's message by its path. */
export interface BlockFormProps {
  form: UseFormReturn<PageFormValues>;
  index: number;
  text: (path: string) => string | undefined;
}

/** One plain field of a block (`blocks.<index>.<name>`), its message under it, else its hint. */
export function BlockField(props: BlockFormProps & { name: string; label: string; max: number; required?: boolean; hint?: string; multiline?: boolean }) {
  const { form, index, text, name, label, max, required, hint, multiline } = props;
  const path = `blocks.${index}.${name}`;
  return (
    <TextField
      label={label}
      required={required}
      {...form.register(path as Path<PageFormValues>)}
      error={!!text(path)}
      helperText={text(path) ?? hint}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      slotProps={{ htmlInput: { maxLength: max } }}
      fullWidth
    />
  );
}
