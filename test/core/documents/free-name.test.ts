import { describe, expect, it } from "vitest";
import { ConflictError } from "../../../src/core/errors.ts";
import { MAX_NAME_SUFFIX, freeName } from "../../../src/core/documents/service.ts";

describe("freeName", () => {
  it("keeps a free name, else takes the first free stem_N.ext, ignoring case", () => {
    expect(freeName("R-intro.pdf", new Set())).toBe("R-intro.pdf");
    expect(freeName("R-intro.pdf", new Set(["r-intro.pdf"]))).toBe("R-intro_1.pdf");
    expect(freeName("R-intro.pdf", new Set(["r-intro.pdf", "r-intro_1.pdf", "r-intro_3.pdf"]))).toBe("R-intro_2.pdf");
    expect(freeName("notes", new Set(["notes"]))).toBe("notes_1");
    expect(freeName(".env.md", new Set([".env.md"]))).toBe(".env_1.md");
  });

  it(`stops after _${MAX_NAME_SUFFIX} with a conflict that says what to do`, () => {
    const taken = new Set(["a.pdf", ...Array.from({ length: MAX_NAME_SUFFIX - 1 }, (_, i) => `a_${i + 1}.pdf`)]);
    expect(freeName("a.pdf", taken)).toBe(`a_${MAX_NAME_SUFFIX}.pdf`);
    taken.add(`a_${MAX_NAME_SUFFIX}.pdf`);
    expect(() => freeName("a.pdf", taken)).toThrow(ConflictError);
    expect(() => freeName("a.pdf", taken)).toThrow(/rename the file/);
  });
});
