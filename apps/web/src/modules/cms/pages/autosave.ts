/**
 * The editor's autosave, apart from React so a test drives it with fake timers: each change
 * restarts the wait; once the editor has stopped typing for `delayMs`, the values are sent if
 * they are valid (the server would refuse the rest, and a refused autosave would only be noise).
 * Invalid values wait for the next change; the navbar says "Unsaved changes" meanwhile.
 */
export const AUTOSAVE_DELAY_MS = 2000;

export interface Autosave<V> {
  /** The form changed to `values`. */
  changed: (values: V) => void;
  /** Forget a pending save (a manual save, or the editor closing). */
  cancel: () => void;
}

export function createAutosave<V, B>(options: { delayMs?: number; body: (values: V) => B | null; send: (values: V, body: B) => void }): Autosave<V> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return {
    changed: (values) => {
      cancel();
      timer = setTimeout(() => {
        timer = null;
        const body = options.body(values);
        if (body !== null) options.send(values, body);
      }, options.delayMs ?? AUTOSAVE_DELAY_MS);
    },
    cancel,
  };
}
