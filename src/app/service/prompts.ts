import { openBallots } from '../../battle/ballots.ts';
import type { Message } from '../../messages.ts';
import { pendingOrderPrompts } from '../messages/campaign-announce.ts';
import { ballotPrompt } from '../messages/private-messages.ts';
import type { Umpire } from './umpire.ts';

/**
 * The prompts still waiting for a user, rebuilt from the logs: every open ballot's prompt for each
 * command or side the user votes for, oldest first, then each campaign's orders they owe. After a restart nothing is lost: the buttons of
 * the latest prompt work as before, and a user whose DMs are closed is shown them in the channel.
 */
export async function pendingPrompts(app: Umpire, user: string): Promise<Message[]> {
  const prompts: Message[] = [];
  for (const row of (await app.battles()).filter((b) => !b.ended)) {
    const s = await app.state(row.id);
    for (const b of openBallots(s)) prompts.push(...b.voters.filter((v) => v.users.includes(user)).map((v) => ballotPrompt(s.id, b, v, user)));
  }
  // And every campaign turn's orders still open for an army the user sends them for.
  for (const row of (await app.campaigns.list()).filter((c) => !c.ended)) prompts.push(...pendingOrderPrompts(await app.campaigns.state(row.id), user));
  return prompts;
}
