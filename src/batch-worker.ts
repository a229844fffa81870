// A worker thread of 'uri-grammar batch': checks the blocks of lines the main thread sends.
import { parentPort, workerData } from "node:worker_threads";
import { checkBlock, type BatchFormat } from "./cli/batch-core.js";
import type { RuleName } from "./index.js";

export interface WorkerJob { id: number; block: string; firstLine: number }

const { rule, format } = workerData as { rule: RuleName; format: BatchFormat };

parentPort?.on("message", (job: WorkerJob) => {
  parentPort!.postMessage({ id: job.id, ...checkBlock(job.block, job.firstLine, rule, format) });
});
