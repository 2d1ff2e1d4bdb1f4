/**
 * Items waiting in one queue per key (a business), served in turn: each next item is the oldest of
 * the key after the last one served, so a key with many waiting delays another key's item by at most
 * one of its own. A key holds at most `limitPerKey` items when bounded.
 */
export class FairQueue<T> {
  private readonly queues = new Map<string, T[]>(); // in turn order
  private lastServed: string | undefined;

  constructor(private readonly limitPerKey: number) {}

  /** Adds `item` at the back of its key's queue; false (nothing added) when bounded and the queue is full. */
  push(key: string, item: T, bounded = true): boolean {
    const items = this.queues.get(key) ?? [];
    if (bounded && items.length >= this.limitPerKey) return false;
    items.push(item);
    this.queues.set(key, items);
    return true;
  }

  /** The next item in turn, or undefined when nothing waits. */
  shift(): T | undefined {
    let key: string | undefined;
    for (const k of this.queues.keys()) {
      key ??= k;
      // the key just served goes after any other, also one that came back in while its item ran
      if (k !== this.lastServed) {
        key = k;
        break;
      }
    }
    if (key === undefined) return undefined;
    const items = this.queues.get(key)!;
    const item = items.shift()!;
    this.queues.delete(key);
    if (items.length > 0) this.queues.set(key, items);
    this.lastServed = key;
    return item;
  }

  /** Takes `item` out of its key's queue; false when it was not waiting there. */
  remove(key: string, item: T): boolean {
    const items = this.queues.get(key);
    const at = items?.indexOf(item) ?? -1;
    if (at < 0) return false;
    items!.splice(at, 1);
    if (items!.length === 0) this.queues.delete(key);
    return true;
  }
}
