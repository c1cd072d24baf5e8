import { describe, expect, it } from "vitest";
import { memorySettings } from "#db/embedded.ts";

const GB = 1024 * 1024 * 1024;

describe("the embedded PostgreSQL's memory", () => {
  it("gives the buffer cache a quarter of the machine", () => {
    expect(memorySettings(2 * GB)).toEqual({ shared_buffers: "512MB", effective_cache_size: "1024MB" });
  });

  it("never goes below initdb's 128MB nor above 1GB", () => {
    expect(memorySettings(GB / 4).shared_buffers).toBe("128MB");
    expect(memorySettings(64 * GB)).toEqual({ shared_buffers: "1024MB", effective_cache_size: "32768MB" });
  });
});
