import { english, type Text } from '../i18n/text.ts';

/**
 * An error a user caused: its message is a sentence they can act on. Nothing was changed.
 * The rules raise it, so it lives with them: rules import nothing of the battle (docs/architecture.md, Shape).
 */
export class RuleError extends Error {
  /** What the user is told, worded in their language where it is shown; `message` is it in English. */
  constructor(readonly text: Text) {
    super();
    this.name = 'RuleError';
    // Worded when read, as a catalog a rule system installs may come after the error is made.
    Object.defineProperty(this, 'message', { get: () => english(this.text), configurable: true, enumerable: false });
  }
}

export function refuse(text: Text): never {
  throw new RuleError(text);
}

/**
 * A value only a GM gives (a house rule, or the action's option) that the rules found missing.
 * `need` says which without anything the dice decided: an action that meets it after drawing dice
 * is held on them, and the channel is told `need`, never `message`, which may name a die (decide.ts).
 */
export class ValueNeeded extends RuleError {
  constructor(
    text: Text,
    readonly need: Text,
  ) {
    super(text);
  }
}
