import { createContext, useCallback, useContext, useMemo, useState } from "react";

/**
 * Spec §2: while an editor works on a page the shell shows the page's editor navbar in place of
 * the top bar, and a slim drawer in place of the side menu. The page owns the navbar (its title,
 * status and actions change as it edits), the shell owns the frame: the page tells the shell it is
 * there (register, on mount) and draws its bar into the slot the shell then provides (a portal),
 * so the bar's content updates with the page and never round-trips through the shell's state.
 */
export interface EditorNavbarHost {
  /** Called when an EditorNavbar mounts; the returned function is called when it unmounts. */
  register: () => () => void;
  /** Where the shell wants the bar drawn; null until the shell has laid out its header. */
  slot: HTMLElement | null;
}

export const EditorNavbarContext = createContext<EditorNavbarHost | null>(null);

/** The shell's side of the editor navbar: whether one is mounted, and the slot it is drawn into. */
export function useEditorNavbarHost(): { editing: boolean; host: EditorNavbarHost; setSlot: (node: HTMLElement | null) => void } {
  // A count, not a flag: during a route change the leaving editor may unmount after the entering one mounts.
  const [mounted, setMounted] = useState(0);
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  const register = useCallback(() => {
    setMounted((count) => count + 1);
    return () => setMounted((count) => count - 1);
  }, []);
  const host = useMemo(() => ({ register, slot }), [register, slot]);
  return { editing: mounted > 0, host, setSlot };
}

export const useEditorNavbarContext = (): EditorNavbarHost | null => useContext(EditorNavbarContext);
