/**
 * Files served by signed URL (no api_key): only the page images stored for OCR results.
 * A URL that was tampered with or has expired is refused with 403.
 */
import type { Store } from "../../store/index.ts";
import { ForbiddenError, NotFoundError } from "../errors.ts";
import type { UrlSigner } from "./signing.ts";

/** The blobs a signed URL may name: OCR page images (see ocr-store.ts). */
const SERVABLE = /^ocr-p\d{4}-\d{1,4}\.png$/;

export interface ServedFile {
  bytes: Buffer;
  contentType: string;
}

export class FileService {
  constructor(private readonly store: Store, readonly signer: UrlSigner) {}

  async open(docId: string, name: string, expires?: string, signature?: string): Promise<ServedFile> {
    const verdict = this.signer.verify(docId, name, expires, signature);
    if (verdict === "expired") throw new ForbiddenError("This file URL has expired; request the result again for a fresh one");
    if (verdict !== "ok") throw new ForbiddenError("Invalid file URL signature");
    if (!SERVABLE.test(name)) throw new NotFoundError("File not found");
    const bytes = await this.store.blobs.read(docId, name).catch(() => undefined);
    if (!bytes) throw new NotFoundError("File not found");
    return { bytes, contentType: "image/png" };
  }
}
