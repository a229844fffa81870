// A worker thread of 'uri-grammar batch': checks the blocks of lines the main thread sends, as bytes
// (checkBytes), and sends back the block's output bytes; both buffers are moved, not copied.
import { parentPort, workerData } from "node:worker_threads";
import { byteChecker, checkBytes, type BatchSettings, type BlockResult } from "./cli/batch-core.js";

export interface WorkerJob { id: number; bytes: Uint8Array; firstLine: number }
export interface WorkerReply { id: number; result?: BlockResult; error?: string }

const checker = byteChecker(workerData as BatchSettings);

parentPort?.on("message", (job: WorkerJob) => {
  let reply: WorkerReply;
  try {
    const result = checkBytes(job.bytes, job.firstLine, checker);
    // The output in a buffer of its own, to be moved to the main thread.
    result.out = new Uint8Array(result.out);
    reply = { id: job.id, result };
  } catch (e) {
    // --numbered input without a number: the main thread reports it.
    reply = { id: job.id, error: (e as Error).message };
  }
  parentPort!.postMessage(reply, reply.result === undefined ? [] : [reply.result.out.buffer as ArrayBuffer]);
});
