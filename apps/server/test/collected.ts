import v8 from 'node:v8';
import vm from 'node:vm';
import { expect } from 'vitest';

v8.setFlagsFromString('--expose_gc');
/** a full garbage collection, to tell what the code under test still holds */
export const collectGarbage = vm.runInNewContext('gc') as () => void;

/** Waits until what `ref` points at has been collected: nothing holds it any more. */
export async function expectCollected(ref: WeakRef<object> | undefined): Promise<void> {
  await expect
    .poll(() => {
      collectGarbage();
      // the answer only: an object handed to the poll would be held by it
      return ref?.deref() === undefined;
    })
    .toBe(true);
}
