/**
 * Signed, expiring URLs for files of a document (OCR page images): `GET /files/<doc>/<name>
 * ?expires=<unix s>&signature=<HMAC-SHA256>`. Whoever holds the URL may fetch the file until
 * it expires, without an api_key; changing any part of it breaks the signature.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export type Verdict = "ok" | "expired" | "invalid";

export interface SignedPath {
  path: string;
  expires: number;
}

export class UrlSigner {
  private readonly key: Buffer;

  /**
   * @param secret HMAC key; a random one (valid for this process only) when absent
   * @param ttlMs lifetime of a URL
   */
  constructor(secret: string | undefined, readonly ttlMs: number, private readonly now: () => number = Date.now) {
    this.key = secret ? Buffer.from(secret, "utf8") : randomBytes(32);
  }

  /** Path (with query) of a URL for `name` of `docId`, valid for the configured lifetime. */
  sign(docId: string, name: string): SignedPath {
    const expires = Math.floor((this.now() + this.ttlMs) / 1000);
    const signature = this.mac(docId, name, expires);
    return { path: `/files/${encodeURIComponent(docId)}/${encodeURIComponent(name)}?expires=${expires}&signature=${signature}`, expires };
  }

  verify(docId: string, name: string, expires: string | undefined, signature: string | undefined): Verdict {
    if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return "invalid";
    const expected = Buffer.from(this.mac(docId, name, Number(expires)));
    const given = Buffer.from(signature);
    // Checked before expiry so a forged URL never learns whether its time was right.
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
    return Number(expires) * 1000 < this.now() ? "expired" : "ok";
  }

  private mac(docId: string, name: string, expires: number): string {
    return createHmac("sha256", this.key).update(`${docId}\n${name}\n${expires}`).digest("base64url");
  }
}
