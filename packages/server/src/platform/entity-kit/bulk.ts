import type { AppContext } from '../context.ts';
import { AppError, ValidationFailure } from '../errors.ts';

/**
 * The wire's bulk answer (wire/merchant-settings.md): `{results [{itemMetadata {id, originalIndex, success,
 * error}, item}], bulkActionMetadata {totalSuccesses, totalFailures, undetailedFailures}}`.
 */

export interface BulkItemError {
  code: string;
  description: string;
  data: Record<string, unknown>;
}

export interface BulkResult<T> {
  results: Array<{
    itemMetadata: { id?: string; originalIndex: number; success: boolean; error?: BulkItemError };
    item?: T;
  }>;
  bulkActionMetadata: { totalSuccesses: number; totalFailures: number; undetailedFailures: number };
}

function itemError(error: unknown): BulkItemError | undefined {
  if (error instanceof AppError)
    return { code: error.code, description: error.description, data: error.data };
  if (error instanceof ValidationFailure)
    return {
      code: 'INVALID_ARGUMENT',
      description: error.message,
      data: { fieldViolations: error.violations },
    };
  return undefined;
}

/**
 * Runs `fn` for each item on its own (each in its own transaction), so one failure never fails the
 * others. Client mistakes become the item's `error`; anything unexpected is logged and reported as
 * INTERNAL_ERROR for that item.
 */
export async function runBulk<I, T>(
  ctx: AppContext,
  items: I[],
  fn: (item: I, index: number) => Promise<{ id: string; item?: T | undefined }>,
  idOf: (item: I) => string | undefined = () => undefined,
): Promise<BulkResult<T>> {
  const results: BulkResult<T>['results'] = [];
  let failures = 0;
  for (const [originalIndex, input] of items.entries()) {
    try {
      const { id, item } = await fn(input, originalIndex);
      results.push({
        itemMetadata: { id, originalIndex, success: true },
        ...(item !== undefined ? { item } : {}),
      });
    } catch (error) {
      failures++;
      let known = itemError(error);
      if (!known) {
        ctx.log.error({ err: error }, 'bulk item failed');
        known = { code: 'INTERNAL_ERROR', description: 'Internal error', data: {} };
      }
      const id = idOf(input);
      results.push({ itemMetadata: { ...(id ? { id } : {}), originalIndex, success: false, error: known } });
    }
  }
  return {
    results,
    bulkActionMetadata: {
      totalSuccesses: items.length - failures,
      totalFailures: failures,
      undetailedFailures: 0,
    },
  };
}
