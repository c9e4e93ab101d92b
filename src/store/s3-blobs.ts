/**
 * Blobs in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2...), for teams that keep files
 * there: one object per blob, `<prefix><doc_id>/<name>`. A PUT replaces an object whole,
 * so readers see the old content or the new one. Used beside the PostgreSQL catalogue
 * when TREEINDEX_S3_BUCKET is set.
 */
import { DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, NoSuchKey, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { checkSegment, type BlobStore } from "./blobs.ts";
import { ScratchCopies } from "./scratch-copies.ts";

export interface S3Settings {
  bucket: string;
  /** Key prefix, e.g. "treeindex/" (default none). */
  prefix?: string;
  region?: string;
  /** Endpoint of an S3-compatible service; path-style addressing is used with one. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly copies: ScratchCopies;

  constructor(settings: S3Settings, home: string) {
    this.bucket = settings.bucket;
    this.prefix = settings.prefix ?? "";
    this.copies = new ScratchCopies(home);
    this.client = new S3Client({
      region: settings.region ?? "us-east-1",
      ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
      // Without explicit keys the SDK's usual chain applies (environment, profile, instance role).
      ...(settings.accessKeyId && settings.secretAccessKey ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } } : {}),
    });
  }

  private key(docId: string, name?: string): string {
    checkSegment("document id", docId);
    return name === undefined ? `${this.prefix}${docId}/` : `${this.prefix}${docId}/${checkSegment("blob name", name)}`;
  }

  async write(docId: string, name: string, data: string | Uint8Array): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.key(docId, name), Body: typeof data === "string" ? Buffer.from(data, "utf8") : data }));
  }

  async writeJson(docId: string, name: string, value: unknown): Promise<void> {
    await this.write(docId, name, JSON.stringify(value));
  }

  async read(docId: string, name: string): Promise<Buffer | undefined> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.key(docId, name) }));
      return Buffer.from(await object.Body!.transformToByteArray());
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === "NoSuchKey") return undefined;
      throw error;
    }
  }

  async readJson<T>(docId: string, name: string): Promise<T | undefined> {
    const data = await this.read(docId, name);
    return data === undefined ? undefined : (JSON.parse(data.toString("utf8")) as T);
  }

  /** Every object key under the document's prefix, page by page. */
  private async keys(docId: string, max?: number): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.key(docId), ContinuationToken: token, MaxKeys: max }));
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      token = page.IsTruncated && (max === undefined || keys.length < max) ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  async names(docId: string): Promise<string[]> {
    const prefix = this.key(docId);
    return (await this.keys(docId)).map((k) => k.slice(prefix.length)).sort();
  }

  async exists(docId: string, name?: string): Promise<boolean> {
    if (name === undefined) return (await this.keys(docId, 1)).length > 0;
    return (await this.names(docId)).includes(checkSegment("blob name", name));
  }

  async localPath(docId: string, name: string): Promise<string> {
    // The version: the object's ETag (a new one on every write).
    let version: string | undefined;
    try {
      version = (await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(docId, name) }))).ETag ?? "none";
    } catch (error) {
      const code = (error as { name?: string; $metadata?: { httpStatusCode?: number } });
      if (code.name !== "NotFound" && code.name !== "NoSuchKey" && code.$metadata?.httpStatusCode !== 404) throw error;
    }
    return this.copies.path(docId, name, version, () => this.read(docId, name));
  }

  async removeAll(docId: string): Promise<void> {
    const keys = await this.keys(docId);
    for (let i = 0; i < keys.length; i += 1000) {
      await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true } }));
    }
    await this.copies.remove(docId);
  }

  async documentsWrittenBefore(cutoffMs: number): Promise<string[]> {
    const newest = new Map<string, number>();
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix, ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        const docId = object.Key?.slice(this.prefix.length).split("/")[0];
        if (!docId || !object.Key!.slice(this.prefix.length).includes("/")) continue;
        const at = object.LastModified?.getTime() ?? 0;
        newest.set(docId, Math.max(newest.get(docId) ?? 0, at));
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return [...newest].filter(([, at]) => at < cutoffMs).map(([id]) => id);
  }
}
