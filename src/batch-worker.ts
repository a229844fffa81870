// A worker thread of 'uri-grammar batch': checks the blocks of lines the main thread sends, as bytes
// (checkInto), and sends back the block's output bytes; both buffers are moved, not copied.
import { parentPort, workerData } from "node:worker_threads";
import { byteChecker, checkInto, type BatchSettings, type BlockResult } from "./cli/batch-core.js";
import { ByteOut } from "./cli/byte-out.js";

export interface WorkerJob { id: number; bytes: Uint8Array; firstLine: number }
export interface WorkerReply { id: number; result?: BlockResult; error?: string }

const checker = byteChecker(workerData as BatchSettings);

parentPort?.on("message", (job: WorkerJob) => {
  let reply: WorkerReply;
  try {
    // The records in a buffer of their own (not of Buffer's shared pool), moved to the main thread as it is.
    const out = new ByteOut(Math.max(job.bytes.length * 2, 8192));
    const result = checkInto(job.bytes, job.firstLine, checker, out);
    reply = { id: job.id, result: { ...result, out: out.buf.subarray(0, out.pos) } };
  } catch (e) {
    // --numbered input without a number: the main thread reports it.
    reply = { id: job.id, error: (e as Error).message };
  }
  parentPort!.postMessage(reply, reply.result === undefined ? [] : [reply.result.out.buffer as ArrayBuffer]);
});
