import { useEffect, useState } from "react";

/** What the user typed, once they pause: lists ask the server only then (trimmed). */
export function useSettledText(text: string, onSettle?: () => void, delayMs = 300): string {
  const [settled, setSettled] = useState(text.trim());
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the text restarts the wait.
  useEffect(() => {
    const timer = setTimeout(() => {
      setSettled(text.trim());
      onSettle?.();
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);
  return settled;
}
