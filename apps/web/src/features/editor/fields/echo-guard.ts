/**
 * Tells a field's own value coming back from its parent (an echo) from a new value from outside.
 * An echo may come late: two edits can land before the parent's first re-render has run its effects
 * (a fast typist, a phone keyboard's autocorrect), and that render still carries the older of the two.
 * Taken for a value from outside, it would overwrite the newer edit and drop what was typed since.
 */
export type EchoGuard = {
  /** The field sent `value` out (its onChange). */
  sent(value: string): void;
  /** Whether `value` is one the field sent out, perhaps an older one; forgets it and those sent before it. */
  isEcho(value: string): boolean;
  /** A value from outside is shown now: only it counts as the field's own. */
  adopt(value: string): void;
};

export function echoGuard(initial: string): EchoGuard {
  let pending = [initial];
  return {
    sent(value) {
      pending.push(value);
    },
    isEcho(value) {
      const index = pending.lastIndexOf(value);
      if (index === -1) return false;
      pending = pending.slice(index + 1);
      return true;
    },
    adopt(value) {
      pending = [value];
    },
  };
}
