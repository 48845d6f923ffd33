import { openBallots } from '../battle/ballots.ts';
import type { Message } from '../messages.ts';
import { ballotPrompt } from './private-messages.ts';
import type { Umpire } from './umpire.ts';

/**
 * The prompts still waiting for a user, rebuilt from the log: every open ballot's prompt for each
 * command or side the user votes for, oldest first. After a restart nothing is lost: the buttons of
 * the latest prompt work as before, and a user whose DMs are closed is shown them in the channel.
 */
export function pendingPrompts(app: Umpire, user: string): Message[] {
  return app
    .battles()
    .filter((b) => !b.ended)
    .flatMap((row) => {
      const s = app.state(row.id);
      return openBallots(s).flatMap((b) => b.voters.filter((v) => v.users.includes(user)).map((v) => ballotPrompt(s.id, b, v, user)));
    });
}
