import { describe, expect, it } from "vitest";
import { UrlSigner } from "../../src/core/files/signing.ts";

function parts(path: string) {
  const url = new URL(path, "http://x");
  const [, , doc, name] = url.pathname.split("/");
  return { doc: decodeURIComponent(doc), name: decodeURIComponent(name), expires: url.searchParams.get("expires")!, signature: url.searchParams.get("signature")! };
}

describe("signed file URLs", () => {
  let now = 1_700_000_000_000;
  const signer = new UrlSigner("a-secret-of-enough-length", 60_000, () => now);

  it("verifies its own URL until it expires", () => {
    const p = parts(signer.sign("doc_1", "ocr-p0001-1.png").path);
    expect(p.expires).toBe(String((now + 60_000) / 1000));
    expect(signer.verify(p.doc, p.name, p.expires, p.signature)).toBe("ok");
    now += 61_000;
    expect(signer.verify(p.doc, p.name, p.expires, p.signature)).toBe("expired");
    now -= 61_000;
  });

  it("refuses any change to the document, name, expiry or signature", () => {
    const p = parts(signer.sign("doc_1", "ocr-p0001-1.png").path);
    expect(signer.verify("doc_2", p.name, p.expires, p.signature)).toBe("invalid");
    expect(signer.verify(p.doc, "ocr-p0002-1.png", p.expires, p.signature)).toBe("invalid");
    expect(signer.verify(p.doc, p.name, String(Number(p.expires) + 1), p.signature)).toBe("invalid");
    expect(signer.verify(p.doc, p.name, p.expires, p.signature.slice(0, -1) + (p.signature.endsWith("A") ? "B" : "A"))).toBe("invalid");
    expect(signer.verify(p.doc, p.name, p.expires, undefined)).toBe("invalid");
    expect(signer.verify(p.doc, p.name, "soon", p.signature)).toBe("invalid");
  });

  it("a URL signed with another secret is invalid, even when expired", () => {
    const other = new UrlSigner("another-secret-of-enough-length", 60_000, () => now - 3_600_000);
    const p = parts(other.sign("doc_1", "ocr-p0001-1.png").path);
    expect(signer.verify(p.doc, p.name, p.expires, p.signature)).toBe("invalid");
  });

  it("without a configured secret, each signer has its own random key", () => {
    const a = new UrlSigner(undefined, 60_000);
    const b = new UrlSigner(undefined, 60_000);
    const p = parts(a.sign("doc_1", "x.png").path);
    expect(a.verify(p.doc, p.name, p.expires, p.signature)).toBe("ok");
    expect(b.verify(p.doc, p.name, p.expires, p.signature)).toBe("invalid");
  });
});
