// A worker thread of 'uri-grammar batch': checks the blocks of lines the main thread sends.
import { parentPort, workerData } from "node:worker_threads";
import { checkBlock, type BadBytes, type BatchSettings, type BlockResult } from "./cli/batch-core.js";

export interface WorkerJob { id: number; block: string; firstLine: number; badBytes?: Map<number, BadBytes> }
export interface WorkerReply { id: number; result?: BlockResult; error?: string }

const settings = workerData as BatchSettings;

parentPort?.on("message", (job: WorkerJob) => {
  let reply: WorkerReply;
  try {
    reply = { id: job.id, result: checkBlock(job.block, job.firstLine, settings, job.badBytes) };
  } catch (e) {
    // --numbered input without a number: the main thread reports it.
    reply = { id: job.id, error: (e as Error).message };
  }
  parentPort!.postMessage(reply);
});
