// The decoded reading of 'uri-grammar batch' (checkBlock(): each line a string, validated and
// formatted), which the byte path is held to: a block of whole lines decoded as UTF-8, with the
// lines whose bytes are not UTF-8 found as batch finds them.
import { checkBlock, firstInvalidUtf8, type BadBytes, type BatchSettings, type BlockResult } from "../../src/cli/batch-core.js";

export function reference(bytes: Buffer, firstLine: number, settings: BatchSettings): BlockResult {
  const bad = new Map<number, BadBytes>();
  let index = 0;
  for (let start = 0; start < bytes.length; index++) {
    let end = bytes.indexOf(10, start);
    if (end < 0) end = bytes.length;
    const at = firstInvalidUtf8(bytes, start, end);
    if (at !== undefined) bad.set(index, { offset: bytes.toString("utf8", start, at.start).length, bytes: [...bytes.subarray(at.start, at.end)] });
    start = end + 1;
  }
  return checkBlock(bytes.toString("utf8"), firstLine, settings, bad);
}
