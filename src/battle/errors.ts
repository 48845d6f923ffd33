/** An error a user caused: its message is a sentence they can act on. Nothing was changed. */
export class RuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RuleError';
  }
}

export function refuse(message: string): never {
  throw new RuleError(message);
}
