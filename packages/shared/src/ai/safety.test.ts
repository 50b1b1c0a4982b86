import { describe, expect, it } from "vitest";
import { isEmergencyQuestion, isLocalEndpoint, maskPersonalData } from "./safety.ts";

describe("the assistant's safety helpers", () => {
  it("spots emergencies in English and Spanish, not ordinary questions", () => {
    expect(isEmergencyQuestion("I have chest pain since this morning")).toBe(true);
    expect(isEmergencyQuestion("Tengo dolor de pecho y no puedo respirar")).toBe(true);
    expect(isEmergencyQuestion("Quiero quitarme la vida")).toBe(true);
    expect(isEmergencyQuestion("How often should I do the balance exercises?")).toBe(false);
    expect(isEmergencyQuestion("¿Cuántas veces al día hago los ejercicios?")).toBe(false);
  });

  it("tells local endpoints from hosted ones", () => {
    for (const local of [
      "http://127.0.0.1:11434/v1",
      "http://localhost:8000/v1",
      "http://10.1.2.3/v1",
      "http://192.168.0.9:8080",
      "http://172.20.0.5",
      "http://gpu.local/v1",
      "http://[::1]:8000",
    ]) {
      expect(isLocalEndpoint(local), local).toBe(true);
    }
    for (const hosted of ["https://api.openai.com/v1", "https://my.openai.azure.com/openai", "http://172.32.0.1", "not a url"]) {
      expect(isLocalEndpoint(hosted), hosted).toBe(false);
    }
  });

  it("masks e-mail addresses and phone numbers", () => {
    expect(maskPersonalData("Write to ana.perez@example.com or call +34 600 123 456")).toBe("Write to [email] or call [number]");
    expect(maskPersonalData("Do 3 sets of 10")).toBe("Do 3 sets of 10");
  });
});
