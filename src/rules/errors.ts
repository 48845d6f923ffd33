/**
 * An error a user caused: its message is a sentence they can act on. Nothing was changed.
 * The rules raise it, so it lives with them: rules import nothing of the battle (docs/architecture.md, Shape).
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

/**
 * A value only a GM gives (a house rule, or the action's option) that the rules found missing.
 * `need` says which without anything the dice decided: an action that meets it after drawing dice
 * is held on them, and the channel is told `need`, never `message`, which may name a die (decide.ts).
 */
export class ValueNeeded extends RuleError {
  constructor(
    message: string,
    readonly need: string,
  ) {
    super(message);
  }
}
