import { PUSH_MESSAGES } from "@clinic/shared";
import { describe, expect, it } from "vitest";
import { endpointRefusal } from "./push-endpoints.ts";
import { deviceLabelOf } from "./push.service.ts";

describe("endpointRefusal", () => {
  it("takes the public https endpoints of the push services", () => {
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/abc:def",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAA",
      "https://web.push.apple.com/QGx1",
      "https://wns2-par02p.notify.windows.com/w/?token=BQYAAA",
    ]) {
      expect(endpointRefusal(endpoint, false)).toBeNull();
    }
  });

  it("refuses other schemes, and local or private addresses unless local endpoints are allowed", () => {
    expect(endpointRefusal("javascript:alert(1)", true)).toBe(PUSH_MESSAGES.endpoint);
    expect(endpointRefusal("file:///etc/passwd", true)).toBe(PUSH_MESSAGES.endpoint);
    expect(endpointRefusal("http://push.example.com/x", true)).toBe(PUSH_MESSAGES.endpoint);
    for (const endpoint of [
      "http://127.0.0.1:8080/push",
      "http://localhost/push",
      "https://127.0.0.1/push",
      "https://[::1]/push",
      "https://169.254.169.254/latest",
      "https://intranet/push",
      "https://printer.local/push",
      "https://db.internal./push",
    ]) {
      expect(endpointRefusal(endpoint, false), endpoint).toBe(PUSH_MESSAGES.localEndpoint);
    }
    expect(endpointRefusal("http://127.0.0.1:8080/push", true)).toBeNull();
    expect(endpointRefusal("http://10.0.0.1/push", true)).toBe(PUSH_MESSAGES.endpoint);
  });
});

describe("deviceLabelOf", () => {
  it("names the browser and system, and nothing it does not recognise", () => {
    expect(
      deviceLabelOf("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"),
    ).toBe("Safari on iOS");
    expect(deviceLabelOf("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0")).toBe("Firefox on Windows");
    expect(deviceLabelOf("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0")).toBe(
      "Edge on Windows",
    );
    expect(deviceLabelOf("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36")).toBe(
      "Chrome on macOS",
    );
    expect(deviceLabelOf("curl/8.0")).toBe("");
    expect(deviceLabelOf(undefined)).toBe("");
  });
});
