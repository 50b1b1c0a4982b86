import { useEffect, useState } from "react";
import type { KeptFile } from "./device-db.ts";
import { currentOwner } from "./device.ts";
import { keptFile } from "./kept-files.ts";

/**
 * The copy of `url` kept on this device for the signed-in patient (a document, a downloaded
 * video): `undefined` while looking, null when none. `version` reads again after a download.
 */
export function useKeptFile(url: string | null, version = 0): KeptFile | null | undefined {
  const [found, setFound] = useState<{ url: string | null; version: number; file: KeptFile | null } | null>(null);
  useEffect(() => {
    let live = true;
    const owner = currentOwner();
    if (!owner || !url) {
      setFound({ url, version, file: null });
      return;
    }
    keptFile(owner, url)
      .catch(() => null)
      .then((file) => {
        if (live) setFound({ url, version, file });
      });
    return () => {
      live = false;
    };
  }, [url, version]);
  return found && found.url === url && found.version === version ? found.file : undefined;
}

/** An object URL of a kept file for as long as the screen shows it. */
export function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return setObjectUrl(null);
    const address = URL.createObjectURL(blob);
    setObjectUrl(address);
    return () => URL.revokeObjectURL(address);
  }, [blob]);
  return objectUrl;
}
