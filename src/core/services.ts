/**
 * The composition root of the core: opens the store, the worker pool and the job runner,
 * and builds the services the adapters (HTTP, MCP, CLI) call.
 */
import type { Config } from "../config.ts";
import { JobRunner, WorkerPool, type JobKind } from "../jobs/index.ts";
import type { Logger } from "../logger.ts";
import { createLlm, type LlmProvider } from "../llm/index.ts";
import { openStore, type Store } from "../store/index.ts";
import { OrphanSweeper } from "./orphan-sweeper.ts";
import { LibrarySync } from "./library/sync.ts";
import { BlockReferenceService, blockReferenceJobKind } from "./documents/block-reference.ts";
import { INDEX_TASK_MODULE, indexJobKind, indexLimits } from "./documents/index-job.ts";
import { LocalFileImporter } from "./documents/local-files.ts";
import { DocumentFinder } from "./documents/relevance.ts";
import { DocumentReader } from "./documents/reading.ts";
import { DocumentService } from "./documents/service.ts";
import { FileService } from "./files/service.ts";
import { UrlSigner } from "./files/signing.ts";
import { FolderService } from "./folders/service.ts";
import { HealthService } from "./health.ts";
import { ListingService } from "./listing/service.ts";
import { MetadataSchemaService } from "./metadata-schemas/service.ts";
import { ShareService } from "./shares/service.ts";
import { TeamspaceService } from "./shares/teamspaces.ts";
import { MarkdownService } from "./markdown/service.ts";
import { ChatService } from "./chat/service.ts";
import { SearchService } from "./retrieval/search-service.ts";
import { RetrievalTaskService } from "./retrieval/task-service.ts";
import { DEFAULT_USER_NAME, UserService } from "./users.ts";
import { ProgressBoard } from "./documents/progress.ts";
import { SyncService } from "./sync/service.ts";

export interface Services {
  config: Config;
  logger: Logger;
  store: Store;
  users: UserService;
  health: HealthService;
  documents: DocumentService;
  /** Structure, page and node reads of completed documents (MCP tools, chat agent). */
  reader: DocumentReader;
  /** Indexing files from allowed local folders (MCP process_document). */
  localFiles: LocalFileImporter;
  /** Documents relevant to a request by name, description and content (MCP find_relevant_documents). */
  finder: DocumentFinder;
  folders: FolderService;
  /** Files served by signed, expiring URL (OCR page images). */
  files: FileService;
  /** OCR layout blocks per page (POST /doc/{id}/block-reference). */
  blockReference: BlockReferenceService;
  metadataSchemas: MetadataSchemaService;
  listing: ListingService;
  shares: ShareService;
  teamspaces: TeamspaceService;
  markdown: MarkdownService;
  /** The optional model (`available: false` when none is configured). */
  llm: LlmProvider;
  /** Lexical tree search over one or many documents (chat, MCP, CLI). */
  search: SearchService;
  /** Legacy retrieval tasks (POST /retrieval). */
  retrieval: RetrievalTaskService;
  /** Chat completions over documents (agent with a model, extractive without). */
  chat: ChatService;
  runner: JobRunner;
  /** Keeps the library index in line with the catalogue (started with the job runner). */
  librarySync: LibrarySync;
  /** Pages read so far by this process's index jobs (progress bars). */
  progress: ProgressBoard;
  /** Folders kept indexed (CLI sync/watch, TREEINDEX_WATCH, MCP sync_folder). */
  sync: SyncService;
  /** Starts keeping TREEINDEX_WATCH's folders indexed, for the local user (`serve` and `mcp` call it). */
  watchConfigured(): Promise<void>;
  close(): Promise<void>;
}

export interface ServiceOptions {
  /** Extra job kinds (tests and benchmarks register their own tasks here). */
  extraJobKinds?: JobKind[];
  /** Start the job runner (off for one-shot CLI commands such as `keys`). Default true. */
  runJobs?: boolean;
}

export async function createServices(config: Config, logger: Logger, options: ServiceOptions = {}): Promise<Services> {
  // The store's warnings (a lock taken over from a dead process, a damaged index rebuilt, a
  // lost database connection) are log lines like any other: JSON through the logger, not
  // plain text beside the JSON on stderr.
  const store = await openStore(config.home, { databaseUrl: config.databaseUrl, s3: config.s3, onWarning: (message) => logger.warn(message) });
  const llm = createLlm(config.llm);
  const progress = new ProgressBoard();
  const kinds: JobKind[] = [
    indexJobKind(store, {
      progress,
      timeoutMs: config.jobTimeoutMs,
      limits: indexLimits(config),
      ocr: config.ocr,
      // Loaded on use: the summariser brings the tokenizer's tables (~65 MB) into the main thread.
      refine: llm.available ? async (indexed) => (await import("../indexing/summary/abstractive.ts")).makeAbstractive(indexed, llm) : undefined,
    }),
    blockReferenceJobKind(store, config.ocr, config.jobTimeoutMs),
    ...(options.extraJobKinds ?? []),
  ];
  const pool = new WorkerPool(config.workers, { preload: options.runJobs === false ? [] : [INDEX_TASK_MODULE], heapLimitMb: config.jobMemoryMb });
  const runner = new JobRunner({ store, pool, kinds, logger });
  const users = new UserService(store, config.apiKey);
  const folders = new FolderService(store);
  const metadataSchemas = new MetadataSchemaService(store);
  const documents = new DocumentService(store, runner, folders, indexLimits(config), metadataSchemas);
  const localFiles = new LocalFileImporter(documents, config.allowedRoots, config.maxUploadBytes);
  const sync = new SyncService(store, documents, localFiles, logger, { allowedRoots: config.allowedRoots, maxBytes: config.maxUploadBytes, concurrency: config.workers });
  const health = new HealthService(runner.queue, pool, store.kind, sync);
  const reader = new DocumentReader(store, documents);
  const search = new SearchService(store, documents, folders);
  const retrieval = new RetrievalTaskService(store, search, llm, logger);
  const sweeper = new OrphanSweeper(store, logger);
  const librarySync = new LibrarySync(store, logger);
  if (options.runJobs !== false) {
    await runner.start();
    sweeper.start();
    librarySync.start();
  }
  return {
    config,
    logger,
    store,
    users,
    health,
    documents,
    reader,
    localFiles,
    folders,
    files: new FileService(store, new UrlSigner(config.fileUrls.secret, config.fileUrls.ttlMs)),
    blockReference: new BlockReferenceService(store, runner, documents),
    metadataSchemas,
    listing: new ListingService(store),
    shares: new ShareService(store),
    teamspaces: new TeamspaceService(store),
    markdown: new MarkdownService(pool),
    llm,
    search,
    finder: new DocumentFinder(store, search),
    retrieval,
    chat: new ChatService(search, reader, llm),
    runner,
    progress,
    librarySync,
    sync,
    async watchConfigured() {
      if (config.watchPaths.length === 0) return;
      const user = await users.ensureUser(DEFAULT_USER_NAME);
      for (const location of config.watchPaths) {
        // One folder that cannot be watched (gone, overlapping another) must not stop the others.
        try {
          await sync.watch(user, await sync.directory(location));
        } catch (error) {
          logger.warn({ err: error, path: location }, "TREEINDEX_WATCH: this folder cannot be kept indexed");
        }
      }
    },
    async close() {
      await sync.close();
      await retrieval.drain();
      await sweeper.stop();
      await librarySync.stop();
      await runner.stop();
      await pool.close();
      await store.close();
    },
  };
}
