import { describe, expect, test } from "vitest";
import { countSms, describeSmsCount } from "#shared/content/sms-segments.ts";

describe("countSms", () => {
  test("GSM-7: 160 characters in one message, 153 per part after that", () => {
    expect(countSms("")).toMatchObject({ encoding: "GSM-7", characters: 0, segments: 0 });
    expect(countSms("Hello Ann, 20% off today!")).toEqual({
      encoding: "GSM-7",
      characters: 25,
      segments: 1,
      perSegment: 160,
      remaining: 135,
    });
    expect(countSms("a".repeat(160))).toMatchObject({ segments: 1, remaining: 0 });
    expect(countSms("a".repeat(161))).toEqual({
      encoding: "GSM-7",
      characters: 161,
      segments: 2,
      perSegment: 153,
      remaining: 145,
    });
    expect(countSms("a".repeat(306))).toMatchObject({ segments: 2, remaining: 0 });
    expect(countSms("a".repeat(307))).toMatchObject({ segments: 3 });
    // Accented letters of the GSM alphabet stay GSM-7.
    expect(countSms("Café für Müller, ¿qué?")).toMatchObject({ encoding: "GSM-7", characters: 22 });
  });

  test("GSM-7 extension characters count double and are never split across parts", () => {
    expect(countSms("Price: 5€ [promo]")).toEqual({
      encoding: "GSM-7",
      characters: 20,
      segments: 1,
      perSegment: 160,
      remaining: 140,
    });
    expect(countSms("{}".repeat(80))).toMatchObject({ characters: 320, segments: 3 });
    expect(countSms("a".repeat(159) + "€")).toMatchObject({ characters: 161, segments: 2 });
    // 152 plain then a euro: 154 slots do not fit one part of 153, so the euro opens part two.
    expect(countSms("a".repeat(152) + "€" + "a".repeat(10))).toMatchObject({
      characters: 164,
      segments: 2,
      remaining: 153 - 12,
    });
  });

  test("anything outside GSM-7 makes the whole text UCS-2: 70, then 67 per part; emoji take two units", () => {
    expect(countSms("Hi 👋")).toEqual({ encoding: "UCS-2", characters: 5, segments: 1, perSegment: 70, remaining: 65 });
    expect(countSms("ç".repeat(70))).toMatchObject({ encoding: "UCS-2", segments: 1, remaining: 0 });
    expect(countSms("ç".repeat(71))).toMatchObject({ encoding: "UCS-2", characters: 71, segments: 2, perSegment: 67 });
    // 66 units then an emoji: the pair cannot be split, so it starts part two.
    expect(countSms("ç".repeat(66) + "🎉" + "ç".repeat(3))).toMatchObject({
      characters: 71,
      segments: 2,
      remaining: 67 - 5,
    });
    expect(countSms("Привет")).toMatchObject({ encoding: "UCS-2", characters: 6 });
  });

  test("describes itself in the counter's words", () => {
    expect(describeSmsCount(countSms("Hello"))).toBe("5/160 characters · 1 segment · GSM-7");
    expect(describeSmsCount(countSms("a".repeat(200)))).toBe("200 characters · 2 segments · GSM-7");
    expect(describeSmsCount(countSms("🎉"))).toBe("2/70 characters · 1 segment · UCS-2");
  });
});
