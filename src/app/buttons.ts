import { z } from 'zod';
import type { Invocation } from './invoke.ts';

/**
 * Component custom ids, versioned and parsed with zod. They name what was pressed and carry no
 * authority: the press becomes the same slash command a user could type, checked as any other.
 */
const BallotButton = z
  .string()
  .regex(/^v1:ballot:[^:]+:[^:]+:[^:]+:.+$/)
  .transform((id) => {
    const [, , battle, ballot, voter, ...option] = id.split(':');
    return { battle: battle!, ballot: ballot!, voter: voter!, choice: option.join(':') };
  });

/** The slash command a button stands for, and the battle it belongs to. */
export function buttonInvocation(customId: string): { battle: string; invocation: Pick<Invocation, 'command' | 'sub' | 'options'> } | undefined {
  const b = BallotButton.safeParse(customId);
  if (!b.success) return undefined;
  return { battle: b.data.battle, invocation: { command: 'ballot', sub: 'vote', options: { ballot: b.data.ballot, command: b.data.voter, choice: b.data.choice } } };
}
