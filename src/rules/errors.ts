/**
 * An error a user caused: its message is a sentence they can act on. Nothing was changed.
 * The rules raise it, so it lives with them: rules import nothing of the battle (DESIGN.md, Shape).
 */
export class RuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RuleError';
  }
}

export function refuse(message: string): never {
  throw new RuleError(message);
}
