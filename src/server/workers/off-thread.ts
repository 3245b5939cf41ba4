import type { FoodOverviewFormat } from '../../shared/api/food-overview';
import type { OverviewDocument } from '../modules/food-overview/overview-sheets';
import { COMMON_MESSAGES } from '../common.messages';
import { AppError } from '../errors';
import { localized } from '../i18n';
import { createTaskPool, TaskFailed, workerModule } from './task-pool';
import type { WorkbookResult } from './worker';

/**
 * The two kinds of work done off the event loop, each in a pool of its own so that a queue of
 * allergen overviews never delays reading an upload (decision 032). A thread reading a workbook
 * needs little: the reader is bounded by itself, and the heap limit is the last line.
 */
const reading = createTaskPool({ module: workerModule('worker'), maxThreads: 1, maxQueue: 16, heapMb: 96, timeoutMs: 5_000 });
const drawing = createTaskPool({ module: workerModule('worker'), maxThreads: 1, maxQueue: 16, heapMb: 256, timeoutMs: 60_000 });

/** An uploaded workbook's first sheet as text, read in a worker thread; rejects with a `TaskFailed`. */
export const readWorkbookOffThread = (data: Buffer): Promise<WorkbookResult> => reading.run<WorkbookResult>('readWorkbook', data);

/** The 503 of a full queue: the caller may try again shortly. */
export const busy = () => new AppError(503, 'busy', localized(COMMON_MESSAGES, 'busy'));

/** The allergen overview drawn in a worker thread; a full queue is a 503, any other failure a `TaskFailed` (a 500). */
export async function renderOverviewOffThread(format: FoodOverviewFormat, doc: OverviewDocument): Promise<Buffer> {
  try {
    const bytes = await drawing.run<Uint8Array>('renderOverview', { format, doc });
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  } catch (error) {
    throw error instanceof TaskFailed && error.failure === 'busy' ? busy() : error;
  }
}
