import { describe, expect, it } from "vitest";
import { indexMarkdown } from "../../src/indexing/markdown/index.ts";
import { indexStructured } from "../../src/indexing/structured/index.ts";
import { countTokens, readO200kRanks, truncateToTokens, withinTokens, wordsWithLetterOrDigit } from "../../src/indexing/tokens.ts";

const SPECIAL = "Generation stops at <|endoftext|> and chat turns end at <|im_end|>.";

describe("token counting", () => {
  it("reads the o200k_base ranks from gpt-tokenizer's tiktoken file exactly as its generated module holds them", async () => {
    const ranks = readO200kRanks();
    const shipped = (await import("gpt-tokenizer/bpeRanks/o200k_base")).default;
    expect(ranks.length).toBe(shipped.length);
    let differing = 0;
    let bytes = 0;
    for (let i = 0; i < shipped.length; i++) {
      const a = shipped[i];
      const b = ranks[i];
      if (i in shipped !== i in ranks || (typeof a === "string" ? a !== b : typeof b === "string" || a.join() !== b.join())) differing++;
      if (typeof b !== "string") bytes++;
    }
    expect(differing).toBe(0);
    // Tokens that are not whole UTF-8 (pieces of multi-byte characters) stay bytes.
    expect(bytes).toBeGreaterThan(100);
    const { countTokens: shippedCount } = await import("gpt-tokenizer/encoding/o200k_base");
    const text = `${SPECIAL} naïve 日本語 ½ 🎉 e\u0301 \ufeffBOM "quoted" and code: x => x ** 2;`;
    expect(countTokens(text)).toBe(shippedCount(text, { disallowedSpecial: new Set() }));
  });

  it("counts special-token strings as the text they are, never refusing them", () => {
    expect(countTokens(SPECIAL)).toBeGreaterThan(10);
    expect(withinTokens(SPECIAL, 5)).toBe(false);
    expect(truncateToTokens(SPECIAL, 6).length).toBeLessThan(SPECIAL.length);
  });

  it("indexes a Markdown file and a web page that mention special tokens, summaries included", async () => {
    const long = `${SPECIAL} ${"Tokenizers split text into pieces that models read. ".repeat(40)}`;
    const md = indexMarkdown(`# Tokens\n\n${SPECIAL}\n\n## Long part\n\n${long}\n`, { fileName: "tokens.md", addSummaries: true, addDescription: true });
    expect(md.tree[0].title).toBe("Tokens");
    expect(md.tree[0].summary).toContain("<|endoftext|>");
    const html = await indexStructured("html", Buffer.from(`<html><body><h1>Tokens</h1><p>${SPECIAL}</p><h2>Long</h2><p>${long}</p></body></html>`), { fileName: "t.html" });
    expect(html.tree[0].summary).toContain("<|endoftext|>");
  });

  it("withinTokens answers exactly as countTokens does, on both sides of the limit", () => {
    const words = ["gear", "torque", "naïve", "日本語", "<|endoftext|>", "x", "  ", "\n", "3.14", "emoji 🎉", "it's", "don't", "l'été", "e\u0301", "ǅemal", "a\u00a0b", "x\u200by", "１２３４", "½", "camelCase", "----", " ".repeat(40), "a".repeat(30), "1234567"];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 300; i++) {
      const text = Array.from({ length: Math.floor(next() * (i % 3 === 0 ? 600 : 120)) }, () => words[Math.floor(next() * words.length)]).join(" ");
      const n = countTokens(text);
      // Small limits on long texts go through the counted prefix; the others through the whole text.
      for (const limit of [n - 1, n, n + 1, Math.floor(next() * 200), Math.floor(next() * 12), Math.floor(n / 3)]) {
        if (limit < 0) continue;
        expect(withinTokens(text, limit), `${limit} for ${n}`).toBe(n <= limit);
      }
    }
  });

  it("counts words with a letter or digit as a lower bound of the tokens, however the text is written", () => {
    const samples = [
      "don't stop: it's l'été, n'est-ce pas?",
      "e\u0301te\u0301 ǅemal ΑΒΓ αβγ Привет мир",
      "日本語のテキスト 中文 한국어",
      "a\u00a0b\u2003c\u3000d\te\nf",
      "1234567 3.14159 ½ ²³ １２３",
      "<|endoftext|> <|im_end|> -- *** // ##",
      "x\u200by zero\u200dwidth",
      "🎉 emoji 🎉🎉 👩‍💻 coder",
      "    \n\n   leading and trailing   \n",
    ];
    for (const text of samples) {
      const words = text.split(/\s+/u).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
      expect(wordsWithLetterOrDigit(text), text).toBe(words);
      expect(countTokens(text), text).toBeGreaterThanOrEqual(words);
    }
  });
});
