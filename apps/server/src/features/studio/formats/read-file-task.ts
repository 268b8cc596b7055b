import { AppError } from '../../../platform/errors.ts';
import { readOpenFormat, type ReadFile } from './read-open-format.ts';

/*
 * Runs on a worker thread (read-file.ts): reading a file of up to 5 MB (XML or JSON parsing,
 * Markdown, a KMZ's inflating) is CPU work whose cost the sender chooses. A refusal (400) comes back
 * as its message; anything else is a failure of ours and is thrown.
 */

export type ReadFileOutput = { read: ReadFile } | { problem: string };

export default async function readFileTask(bytes: Uint8Array): Promise<ReadFileOutput> {
  try {
    return { read: await readOpenFormat(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) };
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 400) return { problem: error.message };
    throw error;
  }
}
