import { openBallots, titled } from '../../battle/ballots.ts';
import { isPlayer } from '../../battle/state.ts';
import { say, type Text } from '../../i18n/text.ts';
import type { BattleRow } from '../../store/types.ts';
import type { Umpire } from './umpire.ts';

/** The running battles a user plays in (or is a GM of). */
export async function battlesOf(app: Umpire, user: string): Promise<BattleRow[]> {
  const mine: BattleRow[] = [];
  for (const b of await app.battles()) if (!b.ended && isPlayer(await app.state(b.id), user)) mine.push(b);
  return mine;
}

/**
 * The battle a command typed in a direct message is about. A DM has no battle of its own, so it is
 * the one battle the user plays in, narrowed by the ballot the command names, if any.
 */
export async function battleForDm(app: Umpire, user: string, ballotRef?: string): Promise<{ battle: BattleRow } | { error: Text }> {
  const mine = await battlesOf(app, user);
  const ref = ballotRef?.trim().toLowerCase();
  const states = await Promise.all(mine.map((b) => app.state(b.id)));
  const found = ref ? mine.filter((_, i) => openBallots(states[i]!).some((x) => x.id.toLowerCase() === ref || titled(x, ref))) : mine;
  if (found.length === 1) return { battle: found[0]! };
  const names = found.map((b) => `"${b.name}"`).join(', ');
  if (ref) {
    return found.length
      ? { error: say('service.dm.ballotInSeveral', { ballot: ballotRef!, battles: names }) }
      : { error: say('service.dm.noBallot', { ballot: ballotRef! }) };
  }
  return found.length
    ? { error: say('service.dm.severalBattles', { battles: names }) }
    : { error: say('service.dm.noBattle') };
}
